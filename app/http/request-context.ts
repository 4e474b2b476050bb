import { createContext } from "react-router";

/** The CSP nonce of this response; scripts rendered by the server carry it. Empty in development. */
export const nonceContext = createContext<string>("");

/**
 * Where the router writes the matched route's pattern ("/category/:categoryName") for the request metrics,
 * which label requests by route and never by raw URL. server/app.ts creates one per request.
 */
export type RouteLabel = { pattern?: string };
export const routeLabelContext = createContext<RouteLabel>({});
