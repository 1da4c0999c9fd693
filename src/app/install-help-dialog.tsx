import { Dialog } from '~/ui/dialog'

/** iPhone and iPad: Safari never offers to install, so the menu says how. */
export default function InstallHelpDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog.Root open onOpenChange={({ open }) => !open && onClose()} size="sm">
      <Dialog.Content>
        <Dialog.Header>Install the portal</Dialog.Header>
        <Dialog.Body>
          <Dialog.Description>On iPhone and iPad, install it from Safari:</Dialog.Description>
          <ol>
            <li>Tap Share (the square with an arrow) in Safari’s toolbar.</li>
            <li>Choose “Add to Home Screen”, then Add.</li>
          </ol>
          <p>The portal then opens from its icon, full screen, and shows what you opened before even without a connection.</p>
        </Dialog.Body>
      </Dialog.Content>
    </Dialog.Root>
  )
}
