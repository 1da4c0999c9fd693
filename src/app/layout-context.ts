import { createContext, useContext } from 'react'

/** Set by the app layout, so a page rendered outside a route (not found) knows whether to bring it. */
export const InsideAppLayout = createContext(false)
export const useInsideAppLayout = () => useContext(InsideAppLayout)
