import type { ReactNode } from 'react'
import type { ExternalToast } from 'sonner'
import { requestToaster } from '~/lib/toaster-host'

/**
 * sonner loads on the first toast, not with every page that can raise one; a toast also
 * mounts the toaster if nothing has yet (sonner shows toasts raised before it mounts).
 */
const sonner = () => {
  requestToaster()
  return import('sonner').then((m) => m.toast)
}

/** Toasts last 4 s, three at most are visible, 356 px wide; errors and payments 10 s. */
export const TOAST_DURATION_MS = 4_000
export const LONG_TOAST_DURATION_MS = 10_000
export const VISIBLE_TOASTS = 3
export const TOAST_WIDTH_PX = 356

type Message = ReactNode
type Options = Omit<ExternalToast, 'duration'>

/** Error toasts still showing (or not yet dismissed): a later success of the same kind clears them. */
const shownErrors = new Set<string | number>()
const trackError = (id: string | number) => {
  shownErrors.add(id)
  return id
}
const clearErrors = (toast: Awaited<ReturnType<typeof sonner>>) => {
  for (const id of shownErrors) toast.dismiss(id)
  shownErrors.clear()
}

/**
 * The same message raised again while it shows (a second failed try, a double click) is the same toast,
 * not a second one: a toast of a kind and text has one id unless the caller names its own.
 */
const withId = (kind: string, message: Message, options?: Options): Options | undefined =>
  options?.id !== undefined || typeof message !== 'string' ? options : { ...options, id: `${kind}:${message}` }

/** The only way features raise toasts, so durations stay as the spec says. */
export const notify = {
  success: (message: Message, options?: Options) =>
    void sonner().then((toast) => toast.success(message, { duration: TOAST_DURATION_MS, ...withId('success', message, options) })),
  info: (message: Message, options?: Options) =>
    void sonner().then((toast) => toast.info(message, { duration: TOAST_DURATION_MS, ...withId('info', message, options) })),
  warning: (message: Message, options?: Options) =>
    void sonner().then((toast) => toast.warning(message, { duration: LONG_TOAST_DURATION_MS, ...withId('warning', message, options) })),
  error: (message: Message, options?: Options) =>
    void sonner().then((toast) => trackError(toast.error(message, { duration: LONG_TOAST_DURATION_MS, ...withId('error', message, options) }))),
  /**
   * 'Payment successful' / 'Payment failed', shown 10 s either way. A success dismisses the error toasts
   * still showing (the decline before a successful retry).
   */
  payment: (message: Message, ok: boolean, options?: Options) =>
    void sonner().then((toast) => {
      if (!ok) return trackError(toast.error(message, { duration: LONG_TOAST_DURATION_MS, ...withId('error', message, options) }))
      clearErrors(toast)
      return toast.success(message, { duration: LONG_TOAST_DURATION_MS, ...withId('success', message, options) })
    }),
  /** A submit went through: the errors of earlier attempts no longer apply. */
  dismissErrors: () => void sonner().then(clearErrors),
  dismiss: (id?: string | number) => void sonner().then((toast) => toast.dismiss(id)),
}
