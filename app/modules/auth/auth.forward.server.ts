import { services } from "#app/services.server.ts";
import { CLIENT_IP_HEADER } from "./auth.constants.ts";

const FORWARDED_HEADERS = ["cookie", "user-agent", CLIENT_IP_HEADER];

/**
 * Calls a better-auth endpoint in-process, as the browser's own request would, so its rate limits, hooks and
 * cookies apply exactly as on /api/auth. Route actions use this so that forms work before JavaScript loads.
 */
export async function callAuthEndpoint(request: Request, path: string, body: Record<string, unknown>) {
  const { auth, config } = services();
  const headers = new Headers({
    "content-type": "application/json",
    origin: new URL(config.publicUrl).origin,
  });
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return auth.handler(
    new Request(`${config.publicUrl}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
}

/** The Set-Cookie headers of an auth response, to pass on with our own redirect. */
export function authCookies(response: Response) {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";
