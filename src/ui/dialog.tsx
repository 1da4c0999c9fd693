import { Dialog as ArkDialog, useDialogContext } from '@ark-ui/react/dialog'
import { ark } from '@ark-ui/react/factory'
import { Portal } from '@ark-ui/react/portal'
import { useEffect, type ComponentProps, type ReactNode } from 'react'
import { createStyleContext } from './style-context.tsx'
import { dialog } from 'styled-system/recipes'
import { CloseIcon } from './icons.tsx'
import { isOnToast, markDialogOpen } from './toast-placement.ts'

const { withRootProvider, withContext } = createStyleContext(dialog)

/**
 * Mounts its content only while open, so closed dialogs cost nothing and forms start fresh. Toasts shown
 * meanwhile stay usable: closing one does not close the dialog.
 */
const Root = withRootProvider(ArkDialog.Root, {
  defaultProps: {
    lazyMount: true,
    unmountOnExit: true,
    onInteractOutside: (event) => {
      if (isOnToast(event.detail.originalEvent.target)) event.preventDefault()
    },
  },
})
const Trigger = ArkDialog.Trigger
const Backdrop = withContext(ArkDialog.Backdrop, 'backdrop')
const Positioner = withContext(ArkDialog.Positioner, 'positioner')
const Surface = withContext(ArkDialog.Content, 'content')
const HeaderBar = withContext(ark.div, 'header')
const Title = withContext(ArkDialog.Title, 'title')
const CloseTrigger = withContext(ArkDialog.CloseTrigger, 'closeTrigger')
const Description = withContext(ArkDialog.Description, 'description')
const Body = withContext(ark.div, 'body')
const Footer = withContext(ark.div, 'footer')

/** Backdrop, positioner and the dialog surface, rendered in a portal. */
function Content({ children, ...props }: ComponentProps<typeof Surface>) {
  // While it is open, toasts move to the band above it (ui/toast-placement).
  const { open } = useDialogContext()
  useEffect(() => (open ? markDialogOpen() : undefined), [open])
  return (
    <Portal>
      <Backdrop />
      <Positioner>
        <Surface {...props}>{children}</Surface>
      </Positioner>
    </Portal>
  )
}

/** The header bar: the dialog's title and a close button (aria-label 'Close'). */
function Header({ children, closeLabel = 'Close' }: { children: ReactNode; closeLabel?: string }) {
  return (
    <HeaderBar>
      <Title>{children}</Title>
      <CloseTrigger aria-label={closeLabel}>
        <CloseIcon size={18} />
      </CloseTrigger>
    </HeaderBar>
  )
}

/**
 * A dialog shown for as long as its parent renders it: closing (Escape, a click outside, the close button)
 * calls onClose. While `busy` (a save or payment on its way), Escape and a click outside do nothing, so a
 * stray key or click does not abandon it.
 */
function Open({
  onClose,
  busy = false,
  size,
  children,
}: {
  onClose: () => void
  busy?: boolean
  size?: ComponentProps<typeof Root>['size']
  children: ReactNode
}) {
  return (
    <Root
      open
      size={size}
      onOpenChange={(details) => {
        if (!details.open) onClose()
      }}
      closeOnEscape={!busy}
      closeOnInteractOutside={!busy}
    >
      {children}
    </Root>
  )
}

/**
 * Dialog.Open (onClose, busy) or Dialog.Root (open / onOpenChange, size sm|md|lg) > Dialog.Content > Dialog.Header (title) >
 * Dialog.Description? > Dialog.Body > Dialog.Footer. Focus is trapped inside and returns to the trigger;
 * Escape and the close button close it.
 */
export const Dialog = { Root, Open, Trigger, Content, Header, Title, CloseTrigger, Description, Body, Footer }
