import type { RequestHandler } from "express";

/**
 * React Router's Express adapter streams every request body into the Request it builds, and pauses the socket
 * when nothing reads it. A request answered before its body was read (a visitor's post redirected to sign in,
 * a 413 for a body over the limit, a 415) would leave the client stuck sending the rest, waiting for an
 * answer it never reads. Once the answer is out, the rest of the body is read and dropped, as Node does for a
 * request no one listens to, and the connection stays usable.
 */
export const drainUnreadBodies: RequestHandler = (req, res, next) => {
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    req.removeAllListeners("data");
    req.resume();
  });
  next();
};
