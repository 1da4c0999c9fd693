import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'

/** Log out with changes not sent yet: they would be removed with the user's data, so ask first. */
export default function SignOutDialog({ waiting, onConfirm, onClose }: { waiting: number; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={({ open }) => !open && onClose()} size="sm" role="alertdialog">
      <Dialog.Content>
        <Dialog.Header>Log out with changes not sent?</Dialog.Header>
        <Dialog.Body>
          <Dialog.Description>
            {waiting === 1 ? '1 change made on this device has' : `${waiting} changes made on this device have`} not reached the server yet. Logging out removes
            {waiting === 1 ? ' it' : ' them'} from this device. Stay signed in until they are sent to keep them.
          </Dialog.Description>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose}>
            Stay signed in
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            Log out and remove them
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}
