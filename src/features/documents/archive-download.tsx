import type { Document } from '@contract/documents'
import { useState } from 'react'
import { toast } from 'sonner'
import { apiFetch, errorMessage } from '~/lib/api-client'
import { fileNameFromDisposition, saveBlob } from '~/lib/download'
import { Button } from '~/ui/button'
import { DownloadIcon } from '~/ui/icons'

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

/**
 * POST /api/documents/archive: the ticked documents as one ZIP (shredded ones are listed in its
 * MANIFEST.txt), with the download's progress in a toast as it streams in.
 */
async function downloadArchive(documents: Document[], onProgress: (received: number, expected: number) => void): Promise<string> {
  const res = await apiFetch('/documents/archive', {
    method: 'POST',
    body: { documentIds: documents.map((document) => document.id) },
    headers: { accept: 'application/zip, application/json' },
  })
  // The archive is streamed: its size is not known beforehand, the files' sizes are (the ZIP adds little).
  const expected = documents.reduce((sum, document) => sum + (document.status === 'active' ? document.sizeBytes : 0), 0)
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

export function ArchiveButton({ documents }: { documents: Document[] }) {
  const [busy, setBusy] = useState(false)
  if (!documents.length) return null
  const start = () => {
    setBusy(true)
    const id = toast.loading(`Preparing ${documents.length} document${documents.length === 1 ? '' : 's'}…`)
    downloadArchive(documents, (received, expected) =>
      toast.loading(`Downloading ZIP: ${megabytes(received)}${expected ? ` of about ${megabytes(expected)}` : ''}`, { id }),
    )
      .then((name) => toast.success(`Downloaded ${name}`, { id }))
      .catch((error: unknown) => toast.error(errorMessage(error, 'The documents could not be downloaded'), { id }))
      .finally(() => setBusy(false))
  }
  return (
    <Button size="sm" variant="outline" loading={busy} onClick={start}>
      <DownloadIcon />
      Download {documents.length} as ZIP
    </Button>
  )
}
