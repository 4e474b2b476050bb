import pino from "pino";

/** The process logger: JSON lines on stdout, one per request plus whatever a module has to say. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
});
