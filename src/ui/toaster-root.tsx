import type { CSSProperties } from 'react'
import { createPortal } from 'react-dom'
import { Toaster as SonnerToaster } from 'sonner'
import { TOAST_DURATION_MS, TOAST_WIDTH_PX, VISIBLE_TOASTS } from './toaster.tsx'
import { TOAST_TOP, useDialogOpen } from './toast-placement.ts'

/**
 * Above the page and its top bar, under dialogs (ui/toast-placement says where toasts go), and pressable
 * while a dialog has made the rest of the page inert.
 */
const LIST_STYLE = { '--width': `${TOAST_WIDTH_PX}px`, zIndex: 'var(--z-index-toast)', pointerEvents: 'auto' } as CSSProperties

/**
 * Mount once at the root of the app. The toasts are the page's last element rather than inside the app:
 * an open dialog hides the rest of the page from assistive technology, but not a live region of the
 * page's own, so toasts raised meanwhile are still read out and can still be reached.
 */
export function Toaster() {
  const overDialog = useDialogOpen()
  const top = overDialog ? TOAST_TOP.overDialog : TOAST_TOP.belowTopBar
  return createPortal(
    <SonnerToaster
      position="top-right"
      offset={{ top: top.wide, right: 24, bottom: 24, left: 24 }}
      mobileOffset={{ top: top.phone, right: 16, bottom: 16, left: 16 }}
      duration={TOAST_DURATION_MS}
      visibleToasts={VISIBLE_TOASTS}
      closeButton
      containerAriaLabel="Notifications"
      style={LIST_STYLE}
      toastOptions={{ closeButtonAriaLabel: 'Close' }}
    />,
    document.body,
  )
}
