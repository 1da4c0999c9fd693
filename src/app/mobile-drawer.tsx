import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { css } from 'styled-system/css'
import { CloseIcon } from '~/ui/icons'
import { Brand } from './brand'
import { SidebarNav } from './sidebar'

const backdrop = css({
  position: 'fixed',
  inset: '0',
  bg: 'bg.backdrop',
  zIndex: 'overlay',
  '&[data-state=open]': { animation: 'fadeIn 0.15s ease-out' },
})
const positioner = css({ position: 'fixed', inset: '0', zIndex: 'modal', display: 'flex', justifyContent: 'flex-start' })
const content = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  w: 'min(20rem, 85vw)',
  h: '100%',
  p: '4',
  bg: 'bg.surface',
  boxShadow: 'xl',
  overflowY: 'auto',
  outline: 'none',
})
const header = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })
const close = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '10',
  h: '10',
  borderRadius: 'md',
  color: 'fg.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})

/**
 * The sidebar as a drawer on narrow screens (under 768 px): a modal dialog sliding from the left that
 * traps focus, closes with Escape, the close button, the backdrop, or choosing a page.
 */
export function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={backdrop} />
        <Dialog.Positioner className={positioner}>
          <Dialog.Content className={content} aria-label="Menu">
            <div className={header}>
              <Brand />
              <Dialog.CloseTrigger className={close} aria-label="Close menu">
                <CloseIcon size={20} />
              </Dialog.CloseTrigger>
            </div>
            <Dialog.Title className={css({ srOnly: true })}>Menu</Dialog.Title>
            <SidebarNav onNavigate={() => onOpenChange(false)} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
