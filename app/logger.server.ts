import pino from "pino";

/**
 * The process logger: JSON lines on stdout, one per request plus whatever a module has to say. Ambient, like
 * `console`, rather than handed down to every function (decision 018); its level comes from the parsed
 * configuration (LOG_LEVEL), set by the composition root before anything else runs (services.server.ts).
 */
export const logger = pino({
  level: "info",
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']"],
});
