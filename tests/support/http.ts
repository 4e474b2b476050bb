/**
 * HTTP as the tests speak it to a running app, the way a browser without JavaScript (or a hostile client)
 * does: forms URL-encoded or multipart, with repeated or file-valued fields, never following redirects (where
 * an answer sends the client is part of the answer). Every body is read to the end, so no connection is left
 * half-used between requests.
 */

/** A server's whole answer to one request. */
export type Answer = {
  status: number;
  location: string | null;
  body: string;
  setCookies: string[];
  /** The Retry-After header of a 429 (or 503), when there is one. */
  retryAfter?: string | null;
};

/** A file where a form expects text: what a multipart body can carry and a browser form never sends there. */
export type FilePart = { file: string; bytes: Uint8Array<ArrayBuffer>; type: string };

export type FormValue = string | FilePart;
export type FormEntries = ReadonlyArray<readonly [string, FormValue]>;

export type SendOptions = Omit<RequestInit, "headers" | "redirect"> & {
  cookie?: string;
  headers?: Record<string, string>;
};

/** Sends one request and reads the whole answer. */
export async function send(url: string, options: SendOptions = {}): Promise<Answer> {
  const { cookie, headers = {}, ...init } = options;
  const response = await fetch(url, {
    ...init,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    redirect: "manual",
  });
  return {
    status: response.status,
    location: response.headers.get("location"),
    body: await response.text(),
    setCookies: response.headers.getSetCookie(),
    retryAfter: response.headers.get("retry-after"),
  };
}

/**
 * Posts a form as a browser would: URL-encoded, or multipart when a field is a file (the only way to send
 * one). `fields` is a record, or entries when a name repeats (one "imageIds" per photo).
 */
export function postForm(
  url: string,
  fields: FormEntries | Record<string, string>,
  options: SendOptions = {},
) {
  return send(url, { ...options, method: "POST", body: formBody(fields) });
}

/**
 * A form's body as a browser encodes it: URL-encoded, or multipart when a field is a file. `fields` is a
 * record, or entries when a name repeats.
 */
export function formBody(fields: FormEntries | Record<string, string>): URLSearchParams | FormData {
  const entries: FormEntries = Array.isArray(fields) ? fields : Object.entries(fields);
  if (entries.every(([, value]) => typeof value === "string")) {
    return new URLSearchParams(entries.map(([name, value]) => [name, value as string]));
  }
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([value.bytes], { type: value.type }), value.file);
  }
  return form;
}

/** Where a redirect goes: the Location header, or the target inside a .data request's 202 turbo-stream. */
export function redirectTarget(answer: Answer) {
  if (answer.location) return answer.location;
  if (answer.status === 202) return /"redirect","([^"]*)"/.exec(answer.body)?.[1] ?? null;
  return null;
}

/** The message of the one-time toast a redirect carries (React Router's signed cookie: base64 JSON + "."). */
export function toastMessage(answer: Answer): string | undefined {
  const cookie = answer.setCookies.find((value) => value.startsWith("toast="));
  const value = cookie?.slice("toast=".length).split(";")[0];
  if (!value) return undefined;
  const signed = decodeURIComponent(value);
  const encoded = signed.slice(0, signed.lastIndexOf("."));
  try {
    const toast = JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as { message?: unknown };
    return typeof toast.message === "string" ? toast.message : undefined;
  } catch {
    return undefined;
  }
}

/** The "name=value" pairs of a response's Set-Cookie headers, as a Cookie request header. */
export function cookieHeader(answer: Answer) {
  return answer.setCookies.map((cookie) => cookie.split(";")[0]).join("; ");
}
