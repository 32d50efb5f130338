import { createContext, useContext } from "react";

/** The per-response CSP nonce; only the server render knows it (the browser hides nonces). */
export const NonceContext = createContext<string | undefined>(undefined);

export const useNonce = () => useContext(NonceContext);
