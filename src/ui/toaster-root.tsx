import type { CSSProperties } from 'react'
import { Toaster as SonnerToaster } from 'sonner'
import { TOAST_DURATION_MS, TOAST_WIDTH_PX, VISIBLE_TOASTS } from './toaster.tsx'

/** Mount once at the root of the app. */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-right"
      duration={TOAST_DURATION_MS}
      visibleToasts={VISIBLE_TOASTS}
      closeButton
      containerAriaLabel="Notifications"
      style={{ '--width': `${TOAST_WIDTH_PX}px` } as CSSProperties}
      toastOptions={{ closeButtonAriaLabel: 'Close' }}
    />
  )
}

