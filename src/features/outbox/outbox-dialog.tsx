import { Dialog } from '~/ui/dialog'
import { OutboxList } from './outbox-list'

/** Every change saved on this device, from the top bar's count. */
export default function OutboxDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={({ open }) => !open && onClose()} size="lg">
      <Dialog.Content>
        <Dialog.Header>Changes saved on this device</Dialog.Header>
        <Dialog.Body>
          <Dialog.Description>
            Changes made without a connection are kept here and sent in order once the connection returns. Nothing is lost on a reload or a restart.
          </Dialog.Description>
          <OutboxList heading="Changes" />
        </Dialog.Body>
      </Dialog.Content>
    </Dialog.Root>
  )
}
