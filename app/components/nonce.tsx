import { createContext, useContext } from "react";

const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
/** The CSP nonce on the server; browsers hide it from the DOM, so on the client it is empty. */
export const useNonce = () => useContext(NonceContext);
