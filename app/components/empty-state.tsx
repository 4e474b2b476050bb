import type { ReactNode } from "react";
import { Illustration, type IllustrationName } from "./illustration.tsx";

type Props = {
  illustration: IllustrationName;
  /** The state in the spec's words, e.g. "No listings for rent". */
  message: string;
  /** A line under it, saying what can be done. */
  detail?: string;
  /** The next step: a link or a button. */
  children?: ReactNode;
  /** An alert (a failure), read out when it appears; an empty list is plain text. */
  alert?: boolean;
};

/** A drawing, what the state is, and the next step: for empty lists and failures inside a page. */
export function EmptyState({ illustration, message, detail, children, alert = false }: Props) {
  return (
    <div className="card flex flex-col items-center gap-3 px-6 py-10 text-center">
      <Illustration name={illustration} />
      <p role={alert ? "alert" : undefined} className="text-lg font-bold">
        {message}
      </p>
      {detail ? <p className="max-w-md text-muted">{detail}</p> : null}
      {children ? <div className="mt-2 flex flex-wrap justify-center gap-3">{children}</div> : null}
    </div>
  );
}
