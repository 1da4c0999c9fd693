import { useSyncExternalStore } from 'react'

/**
 * Where toasts go. Without a dialog they start below the signed-in top bar (so they never cover the
 * bell or the account menu); while a dialog is open they move up into the band at the top of the
 * screen that dialogs leave free (6rem, the dialog recipe's `positioner`), so a toast, such as a failed
 * payment's, never covers the dialog's title, close button or fields. Toasts stack under dialogs: one
 * taller than the band is partly hidden by the dialog rather than hiding it.
 */

/** Toasts start this far from the top of the screen: below the top bar, or in the band over a dialog. */
export const TOAST_TOP = {
  belowTopBar: { wide: 'calc(4rem + 16px)', phone: 'calc(4rem + 8px)' },
  overDialog: { wide: '16px', phone: '8px' },
}

let openDialogs = 0
const listeners = new Set<() => void>()
const changed = () => {
  for (const listener of listeners) listener()
}

/** A dialog is on screen until the returned function is called. */
export function markDialogOpen(): () => void {
  openDialogs++
  changed()
  let closed = false
  return () => {
    if (closed) return
    closed = true
    openDialogs--
    changed()
  }
}

export function useDialogOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => openDialogs > 0,
    () => false,
  )
}

/**
 * Whether a press landed on a toast, which an open dialog treats as its own: pressing a toast (its close
 * button, a swipe) does not close the dialog.
 */
export const isOnToast = (target: EventTarget | null): boolean => target instanceof Element && target.closest('[data-sonner-toaster]') !== null
