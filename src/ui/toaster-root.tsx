import type { CSSProperties } from 'react'
import { Toaster as SonnerToaster } from 'sonner'
import { TOAST_DURATION_MS, TOAST_WIDTH_PX, VISIBLE_TOASTS } from './toaster.tsx'

/**
 * Toasts start below the signed-in top bar (4rem, sticky at the top), so one never covers the user
 * menu or the bell: the bar's height plus sonner's own margin, on wide screens and on phones.
 */
const BELOW_TOP_BAR = { wide: 'calc(4rem + 16px)', phone: 'calc(4rem + 8px)' }

/** Mount once at the root of the app. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      offset={{ top: BELOW_TOP_BAR.wide, right: 24, bottom: 24, left: 24 }}
      mobileOffset={{ top: BELOW_TOP_BAR.phone, right: 16, bottom: 16, left: 16 }}
      duration={TOAST_DURATION_MS}
      visibleToasts={VISIBLE_TOASTS}
      closeButton
      containerAriaLabel="Notifications"
      style={{ '--width': `${TOAST_WIDTH_PX}px` } as CSSProperties}
      toastOptions={{ closeButtonAriaLabel: 'Close' }}
    />
  )
}

