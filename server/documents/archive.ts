import { Readable } from 'node:stream'
import { ZipFile } from 'yazl'
import type { BlobStore } from '../storage/blob-store'
import type { Logger } from '../logger'
import { downloadNameOf, type DocumentRow } from './queries'
import { displayDate } from './retention'

/** The documents one archive may hold. */
export const MAX_ARCHIVE_DOCUMENTS = 500

/** The names inside an archive: each document's download name, made unique with " (2)", " (3)"... */
export function archiveNames(rows: DocumentRow[]): Map<number, string> {
  const taken = new Set<string>(['manifest.txt'])
  const names = new Map<number, string>()
  for (const row of rows) {
    if (row.status !== 'active' || !row.storageKey) continue
    const name = downloadNameOf(row)
    const dot = name.lastIndexOf('.')
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
    let candidate = name
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`
    taken.add(candidate.toLowerCase())
    names.set(row.id, candidate)
  }
  return names
}

/**
 * One ZIP of the documents, streamed: each file is opened from the store only when the archive reaches
 * it (the next once the last has been read through) and stored as it is (scans are compressed already),
 * so the server holds one file's chunk at a time whatever the archive's size. Shredded documents have no
 * file: MANIFEST.txt, the last entry, lists every document and what became of it, also a file found
 * missing from the store on the way (the archive still ends cleanly, without it). A store failing in
 * the middle of a file ends the download with an error: a ZIP cannot hold half a file.
 */
export function documentArchive(rows: DocumentRow[], blobs: BlobStore, logger: Logger, now: Date): Readable {
  const zip = new ZipFile()
  const output = zip.outputStream as Readable
  const names = archiveNames(rows)
  const lines: string[] = []
  let included = 0
  let reading: Readable | null = null
  let stopped = false
  // The download was closed or failed: the file being read is let go too.
  output.once('close', () => {
    stopped = true
    reading?.destroy()
  })
  zip.on('error', (error: Error) => output.destroy(error))

  /** Adds one file and resolves once the archive has read it through (or the download stopped). */
  const addFile = (file: Readable, name: string, row: DocumentRow) =>
    new Promise<void>((resolve, reject) => {
      reading = file
      file.once('end', resolve)
      file.once('close', resolve)
      file.once('error', reject)
      zip.addReadStream(file, name, { compress: false, mtime: row.uploadedAt, size: row.sizeBytes })
    })

  const write = async () => {
    for (const row of rows) {
      if (stopped) return
      const label = `${row.companyName}, ${row.typeName}, received ${displayDate(new Date(`${row.dateReceived}T12:00:00Z`))}`
      if (row.status !== 'active' || !row.storageKey) {
        lines.push(`Left out (shredded on ${displayDate(row.shreddedAt ?? now)}): #${row.id} ${label}`)
        continue
      }
      const file = await blobs.get(row.storageKey)
      if (!file) {
        logger.error('document file missing from the blob store', { documentId: row.id, key: row.storageKey })
        lines.push(`Left out (its file could not be found in the document store): #${row.id} ${label}`)
        continue
      }
      const name = names.get(row.id)!
      lines.push(`${name}: #${row.id} ${label}`)
      included++
      await addFile(file, name, row)
      reading = null
    }
    if (stopped) return
    const text = [
      `Documents archive, ${now.toISOString()}`,
      `${included} of ${rows.length} document${rows.length === 1 ? '' : 's'} included.`,
      '',
      ...lines,
      '',
    ].join('\r\n')
    zip.addBuffer(Buffer.from(text, 'utf8'), 'MANIFEST.txt', { compress: true, mtime: now })
    zip.end()
  }
  write().catch((error: unknown) => {
    logger.error('document archive failed', { error: error instanceof Error ? error.message : String(error) })
    output.destroy(error instanceof Error ? error : new Error(String(error)))
  })
  return output
}
