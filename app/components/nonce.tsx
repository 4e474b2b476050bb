import { createContext, useContext } from "react";

const NonceContext = createContext("");

/** Carries the response's CSP nonce from the server entry to <Scripts> and friends. */
export const NonceProvider = NonceContext.Provider;

/** The CSP nonce on the server; "" in the browser, where it is no longer needed. */
export function useNonce() {
  return useContext(NonceContext);
}
