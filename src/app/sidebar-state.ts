import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'

/**
 * The sidebar's open/collapsed state, kept in the cookie `sidebar_state` for 7 days
 * so it survives reloads, and the phone breakpoint under which it becomes a drawer (768 px).
 */
export const SIDEBAR_COOKIE = 'sidebar_state'
export const SIDEBAR_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60
export const MOBILE_QUERY = '(max-width: 767.98px)'

/** `true` when the sidebar is expanded (the default), `false` when collapsed to icons. */
export function readSidebarCookie(): boolean {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`))
  return match ? match.slice(SIDEBAR_COOKIE.length + 1) !== 'false' : true
}

export function writeSidebarCookie(expanded: boolean): void {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${SIDEBAR_COOKIE}=${expanded}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`
}

export function useSidebarExpanded(): [boolean, (next: boolean | ((current: boolean) => boolean)) => void] {
  const [expanded, setExpanded] = useState(readSidebarCookie)
  const update = useCallback((next: boolean | ((current: boolean) => boolean)) => {
    setExpanded((current) => {
      const value = typeof next === 'function' ? next(current) : next
      writeSidebarCookie(value)
      return value
    })
  }, [])
  return [expanded, update]
}

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}

/** Ctrl+B (Cmd+B on a Mac) anywhere on the page. */
export function useToggleShortcut(onToggle: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'b' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return
      event.preventDefault()
      onToggle()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [onToggle])
}
