/**
 * The CSP nonce of the current HTML response, provided by entry.server.tsx and read by
 * root.tsx for <Scripts> and <ScrollRestoration>. In the browser it is always "" (browsers
 * hide nonce attributes from scripts), which React accepts when hydrating.
 */
import {createContext, useContext} from 'react'

export const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
