import { createContext } from "react-router";

/** The CSP nonce of this response; scripts rendered by the server carry it. Empty in development. */
export const nonceContext = createContext<string>("");
