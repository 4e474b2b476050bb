/**
 * The database could not be reached, or dropped the connection a statement ran on (a restart, a failover, a
 * pooler restart, pg_terminate_backend). Nothing is wrong with the request: trying again in a few seconds
 * may work. app/http/unavailable.server.ts turns it into a 503 with Retry-After; `cause` is the driver's error.
 */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

// Socket errors that end a connection, whatever the server.
const SOCKET_CODES = new Set([
  "ECONNRESET",
  "ECONNREFUSED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now (starting or stopping); class 08 is
// connection_exception.
const SERVER_CODES = new Set(["57P01", "57P02", "57P03"]);
// What pg and pg-pool say when the socket ended or never opened in time: "Connection terminated
// unexpectedly", "Connection terminated due to connection timeout", "timeout exceeded when trying to
// connect", and a client used after its connection failed.
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/** Whether `error` says the connection is gone (so the statement may not have run), not that it was refused. */
export function isConnectionLost(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === "string" &&
    (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith("08"))
  ) {
    return true;
  }
  return DRIVER_MESSAGES.test(error.message);
}

/** The DatabaseUnavailableError `error` is or was caused by (a few wrappers deep), if any. */
export function findDatabaseUnavailable(error: unknown): DatabaseUnavailableError | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if (current instanceof DatabaseUnavailableError) return current;
    current = current.cause;
  }
  return undefined;
}
