import { defineSlotRecipe } from '@pandacss/dev'

/** The band at the top of the screen that dialogs leave to toasts (ui/toast-placement.ts). */
const TOAST_BAND = '6rem'

export const dialog = defineSlotRecipe({
  className: 'dialog',
  slots: ['backdrop', 'positioner', 'content', 'header', 'title', 'closeTrigger', 'description', 'body', 'footer'],
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'bg.backdrop', zIndex: 'overlay', _open: { animation: 'fadeIn 0.15s ease-out' } },
    // The band above it is left free for toasts (ui/toast-placement): a phone's sheet and a centred
    // dialog alike end below it, so a toast shown while the dialog is open never covers it.
    positioner: {
      position: 'fixed',
      insetX: '0',
      top: TOAST_BAND,
      bottom: '0',
      zIndex: 'modal',
      display: 'flex',
      alignItems: { base: 'flex-end', sm: 'center' },
      justifyContent: 'center',
      p: { base: '0', sm: '4' },
      overflowY: 'auto',
    },
    content: {
      position: 'relative',
      display: 'flex',
      flexDirection: 'column',
      bg: 'bg.surface',
      color: 'fg.default',
      width: '100%',
      maxH: '100%',
      borderRadius: { base: 'lg lg 0 0', sm: 'lg' },
      boxShadow: 'xl',
      outline: 'none',
      overflow: 'hidden',
      _open: { animation: 'fadeIn 0.15s ease-out' },
    },
    header: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '3',
      px: '5',
      py: '3',
      bg: 'bg.muted',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
    },
    title: { fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default' },
    closeTrigger: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '9',
      h: '9',
      borderRadius: 'md',
      color: 'fg.muted',
      cursor: 'pointer',
      _hover: { bg: 'bg.emphasized', color: 'fg.default' },
      _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
    },
    description: { fontSize: 'sm', color: 'fg.muted', px: '5', pt: '4' },
    body: { px: '5', py: '4', overflowY: 'auto', flex: '1' },
    footer: {
      display: 'flex',
      justifyContent: 'flex-end',
      gap: '3',
      px: '5',
      py: '3',
      borderTopWidth: '1px',
      borderColor: 'border.default',
    },
  },
  variants: {
    size: {
      sm: { content: { maxW: { sm: 'sm' } } },
      md: { content: { maxW: { sm: 'lg' } } },
      lg: { content: { maxW: { sm: '3xl' } } },
    },
  },
  defaultVariants: { size: 'md' },
})
