import { useState } from 'react'
import { toast } from 'sonner'
import { ApiError, apiFetch, errorMessage } from '~/lib/api-client'
import { fileNameFromDisposition, saveBlob } from '~/lib/download'
import { Button } from '~/ui/button'
import { DownloadIcon } from '~/ui/icons'
import { archiveBody, expectedBytes, selectionCountText, type ArchiveSelection, type MatchingOffer } from './archive-selection'

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

/**
 * POST /api/documents/archive: the ticked documents, or all those matching the list, as one ZIP
 * (shredded ones are listed in its MANIFEST.txt), with the download's progress as it streams in.
 */
async function downloadArchive(selection: ArchiveSelection, onProgress: (received: number, expected: number) => void): Promise<string> {
  const res = await apiFetch('/documents/archive', {
    method: 'POST',
    body: archiveBody(selection),
    headers: { accept: 'application/zip, application/json' },
  })
  // The archive is streamed: its size is not known beforehand, the files' sizes are (the ZIP adds little).
  const expected = expectedBytes(selection)
  const chunks: Uint8Array<ArrayBuffer>[] = []
  let received = 0
  const reader = res.body?.getReader()
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value as Uint8Array<ArrayBuffer>)
      received += value.length
      onProgress(received, expected)
    }
  }
  const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? 'Documents.zip'
  saveBlob(new Blob(chunks, { type: 'application/zip' }), name)
  return name
}

export type ArchiveActionsProps = {
  selection: ArchiveSelection | null
  /** "Select all N matching", when the list offers it (rows are ticked and more match). */
  offer: MatchingOffer | null
  /** Why the "all matching" selection cannot be downloaded (the page shows it); the button is then off. */
  refusal: string | null
  onSelectAllMatching: () => void
  onClear: () => void
  /** The server refused an "all matching" download (422: more match than one ZIP holds), with its detail. */
  onRefused: (detail: string) => void
}

/**
 * The table's selection actions: download the selection as one ZIP, "Select all N matching" while
 * only rows are ticked, and clearing an "all matching" choice. A download that cannot be (more than
 * one ZIP holds) is not offered; the page says why.
 */
export function ArchiveActions({ selection, offer, refusal, onSelectAllMatching, onClear, onRefused }: ArchiveActionsProps) {
  const [busy, setBusy] = useState(false)
  if (!selection) return null
  const count = selectionCountText(selection)
  const start = () => {
    setBusy(true)
    const id = toast.loading(`Preparing ${count} document${count === '1' ? '' : 's'}…`)
    downloadArchive(selection, (received, expected) =>
      toast.loading(`Downloading ZIP: ${megabytes(received)}${expected ? ` of about ${megabytes(expected)}` : ''}`, { id }),
    )
      .then((name) => toast.success(`Downloaded ${name}`, { id }))
      .catch((error: unknown) => {
        const detail = errorMessage(error, 'The documents could not be downloaded')
        toast.error(detail, { id })
        if (selection.kind === 'matching' && error instanceof ApiError && error.status === 422) onRefused(detail)
      })
      .finally(() => setBusy(false))
  }
  return (
    <>
      {selection.kind === 'rows' && offer && (
        <Button size="sm" variant="ghost" onClick={onSelectAllMatching}>
          Select {offer.countIsEstimate ? 'about' : 'all'} {offer.count.toLocaleString('en-US')} matching
        </Button>
      )}
      {selection.kind === 'matching' && (
        <Button size="sm" variant="ghost" onClick={onClear}>
          Clear selection
        </Button>
      )}
      <Button size="sm" variant="outline" loading={busy} disabled={selection.kind === 'matching' && refusal !== null} onClick={start}>
        <DownloadIcon />
        Download {count} as ZIP
      </Button>
    </>
  )
}
