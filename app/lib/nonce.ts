import { createContext, useContext } from "react";

/**
 * The per-request CSP nonce, provided by entry.server around the whole app so
 * the document can put it on inline scripts even where no loader data exists
 * (client-rendered routes send only a fallback). In the browser it is unset;
 * React does not compare nonce attributes when hydrating.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}
