import { useEffect, useState } from "react";
import { data } from "react-router";
import { notify } from "#app/components/toaster.tsx";
import { requireUser } from "#app/modules/auth/auth.session.server.ts";
import { landlordMailtoHref } from "#app/modules/listing/listing.contact.ts";
import { pageTitle } from "#app/modules/seo/seo.rules.ts";
import { findUserContactById } from "#app/modules/user/user.repo.server.ts";
import { servicesContext } from "#app/services.server.ts";
import type { Route } from "./+types/contact.ts";

const LANDLORD_MISSING = "Could not get landlord data";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  pageTitle(loaderData?.landlord ? `Contact ${loaderData.landlord.name}` : "Contact Landlord", matches),
  // The page shows an e-mail address to signed-in users only; it has no business in search results.
  { name: "robots", content: "noindex" },
];

export async function loader({ params, context, url }: Route.LoaderArgs) {
  // Signed-in users only: this is the one page that reveals a landlord's e-mail (ARCHITECTURE.md).
  await requireUser(context, url);
  const listingName = url.searchParams.get("listingName") ?? "";
  const landlord = await findUserContactById(context.get(servicesContext).db, params.landlordId);
  if (!landlord) return data({ landlord: null, listingName }, { status: 404 });
  return { landlord: { name: landlord.name, email: landlord.email }, listingName };
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { landlord, listingName } = loaderData;
  useEffect(() => {
    if (!landlord) notify("error", LANDLORD_MISSING);
  }, [landlord]);

  if (!landlord) {
    return (
      <main className="form-page max-w-2xl">
        <h1 className="page-heading">Contact Landlord</h1>
        <p role="alert" className="alert-error">
          {LANDLORD_MISSING}
        </p>
      </main>
    );
  }
  return (
    <main className="form-page max-w-2xl">
      <h1 className="page-heading">Contact {landlord.name}</h1>
      <MessageForm email={landlord.email} listingName={listingName} />
    </main>
  );
}

/** The message box and the Send Message link, whose mailto follows the message as it is typed. */
function MessageForm({ email, listingName }: { email: string; listingName: string }) {
  const [message, setMessage] = useState("");
  return (
    <div className="flex flex-col gap-4">
      {listingName ? (
        <p className="text-muted">
          About <span className="font-semibold text-ink">{listingName}</span>
        </p>
      ) : null}
      <div>
        <label htmlFor="contact-message" className="field-label">
          Message
        </label>
        <textarea
          id="contact-message"
          name="message"
          rows={6}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          className="text-input min-h-40 resize-y"
        />
      </div>
      <a href={landlordMailtoHref(email, listingName, message)} className="btn-primary self-start">
        Send Message
      </a>
    </div>
  );
}
