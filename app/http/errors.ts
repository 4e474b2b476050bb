import { data, type HeadersFunction } from "react-router";

// The refusals the app knows, one type per meaning. Services and repos throw them with the words the user
// reads; route loaders and actions turn them into an answer with `refusalResponse`, the one place that knows
// their HTTP status. Anything else that is thrown is a bug: the error boundary says "Something went wrong"
// and the log gets the cause.

/** One message per form field that was refused. */
export type FieldErrors<Field extends string = string> = Partial<Record<Field, string>>;

/**
 * What an action answers when it refuses a submission: a message for the whole form (an alert and a toast),
 * or null when the messages next to the fields say it all, and the fields' own messages.
 */
export type Refusal<Field extends string = string> = {
  error: string | null;
  fieldErrors: FieldErrors<Field>;
};

/** A refused request; `message` is what the user reads. */
export abstract class AppError<Field extends string = string> extends Error {
  abstract readonly status: 400 | 403 | 404 | 429 | 503;
  readonly fieldErrors: FieldErrors<Field>;
  constructor(message: string, fieldErrors: FieldErrors<Field> = {}) {
    super(message);
    this.fieldErrors = fieldErrors;
  }
}

/** What was asked for does not exist (or its id cannot name anything). */
export class NotFoundError extends AppError {
  override name = "NotFoundError";
  readonly status = 404;
}

/** It exists, but is not this user's to change. */
export class ForbiddenError extends AppError {
  override name = "ForbiddenError";
  readonly status = 403;
}

/**
 * The input breaks a rule. `fieldErrors` go next to their fields; `formMessage` is what the whole form says
 * (null when the fields say it all). `message` is the form's message, or else the first field's.
 */
export class InvalidError<Field extends string = string> extends AppError<Field> {
  override name = "InvalidError";
  readonly status = 400;
  readonly formMessage: string | null;
  constructor(fieldErrors: FieldErrors<Field>, formMessage: string | null = null) {
    super(
      formMessage ?? Object.values<string | undefined>(fieldErrors).find(Boolean) ?? "Invalid input",
      fieldErrors,
    );
    this.formMessage = formMessage;
  }
}

/** What parseOrInvalid needs of a schema (Zod's safeParse), so this browser-safe module creates none. */
type SafeParser<Output> = {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};

/** The input as `schema` reads it; otherwise an InvalidError with each field's first message. */
export function parseOrInvalid<Output>(schema: SafeParser<Output>, input: unknown): Output {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
  throw new InvalidError(fieldErrors);
}

/** Too many attempts in a while; the client may try again after `retryAfterSeconds` (a Retry-After header). */
export class TooManyRequestsError extends AppError {
  override name = "TooManyRequestsError";
  readonly status = 429;
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = Math.max(0, Math.ceil(retryAfterSeconds));
  }
}

/** Something the answer depends on is down for a moment (the geocoder); trying again later may work. */
export class UnavailableError extends AppError {
  override name = "UnavailableError";
  readonly status = 503;
}

/**
 * The answer to a refused request: its status, `{ error, fieldErrors }` for the page (FormMessage and the
 * fields show them), and Retry-After when there is one. Anything but an AppError is rethrown.
 */
export function refusalResponse(error: unknown) {
  if (!(error instanceof AppError)) throw error;
  const body: Refusal = {
    error: error instanceof InvalidError ? error.formMessage : error.message,
    fieldErrors: error.fieldErrors,
  };
  const headers: HeadersInit =
    error instanceof TooManyRequestsError ? { "Retry-After": String(error.retryAfterSeconds) } : {};
  return data(body, { status: error.status, headers });
}

/**
 * A route's `headers` export for pages whose action or loader may refuse with 429: React Router passes only
 * cookies from an action to the document, so without this a form posted before JavaScript loads would lose
 * its Retry-After. Use: `export { retryAfterHeaders as headers } from "#app/http/errors.ts";`
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
