import { Link } from "react-router";
import { GoogleButton } from "./google-button.tsx";

type Props = {
  googleLabel: string;
  googleEnabled: boolean;
  /** The other screen: sign-in offers sign-up and the reverse, keeping where to go afterwards. */
  otherScreen: "/sign-in" | "/sign-up";
  otherLabel: string;
  redirectTo: string | null;
};

/** What sits under the sign-in and sign-up forms: Google, then the link to the other screen. */
export function AuthAlternatives({ googleLabel, googleEnabled, otherScreen, otherLabel, redirectTo }: Props) {
  return (
    <>
      <div className="my-8">
        <GoogleButton label={googleLabel} enabled={googleEnabled} />
      </div>
      <p className="text-center">
        <Link
          to={redirectTo ? `${otherScreen}?redirectTo=${encodeURIComponent(redirectTo)}` : otherScreen}
          className="link"
        >
          {otherLabel}
        </Link>
      </p>
    </>
  );
}
