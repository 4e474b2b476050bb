/** Set by our HTTP server on every request from the socket address (or a trusted proxy's header). */
export const CLIENT_IP_HEADER = "x-homestead-client-ip";
