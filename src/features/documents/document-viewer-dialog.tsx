import { css } from 'styled-system/css'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { DownloadIcon } from '~/ui/icons'
import { ServiceAnswerNote } from '~/features/deadlines'
import { saveBlob } from '~/lib/download'
import { useRequiredSession, userKind } from '~/lib/session'
import type { OpenFile } from './api'
import { documentLabel } from './format'

// As tall as the dialog allows below the band it leaves to toasts, less its header, padding and footer
// (about 10rem), so the file is seen whole without the dialog's body scrolling.
const frame = css({
  display: 'block',
  w: '100%',
  h: { base: 'min(70dvh, calc(100dvh - 16rem))', md: 'min(75dvh, calc(100dvh - 18rem))' },
  border: '0',
  bg: 'bg.muted',
  borderRadius: 'md',
})
const image = css({ display: 'block', maxW: '100%', maxH: 'min(75dvh, calc(100dvh - 18rem))', mx: 'auto', objectFit: 'contain' })
const note = css({ m: '0', mb: '3', fontSize: 'sm', color: 'fg.muted' })

/**
 * The file inside the portal: a PDF in the browser's own viewer (an iframe of the saved file's
 * address, or of a blob: URL, both of which the CSP allows; no PDF library), an image as an image.
 * Download saves it under the server's file name.
 */
export function DocumentViewer({ file, onClose }: { file: OpenFile; onClose: () => void }) {
  const label = documentLabel(file.document)
  const isPdf = file.document.documentBlobUrl === 'pdf'
  const { user } = useRequiredSession()
  return (
    <Dialog.Root open size="lg" onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Content aria-label={label}>
        <Dialog.Header>{label}</Dialog.Header>
        <Dialog.Body>
          {file.fromCache && <p className={note}>You are offline: this is the copy saved on this device.</p>}
          <ServiceAnswerNote document={file.document} canAcknowledge={userKind(user) === 'client'} />
          {isPdf ? <iframe className={frame} src={file.url} title={label} /> : <img className={image} src={file.url} alt={label} />}
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={() => saveBlob(file.blob, file.fileName)}>
            <DownloadIcon />
            Download
          </Button>
          <Button onClick={onClose}>Close</Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}
