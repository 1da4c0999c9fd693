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
 * One ZIP of the documents, streamed: each file is read from the store only when the archive reaches
 * it, and stored as it is (scans are compressed already), so the server holds one file's chunk at a
 * time whatever the archive's size. Shredded documents have no file: MANIFEST.txt, the last entry,
 * lists every document and what became of it (also a file found missing from the store on the way).
 */
export function documentArchive(rows: DocumentRow[], blobs: BlobStore, logger: Logger, now: Date): Readable {
  const zip = new ZipFile()
  const names = archiveNames(rows)
  const lines: string[] = []
  for (const row of rows) {
    const label = `${row.companyName}, ${row.typeName}, received ${displayDate(new Date(`${row.dateReceived}T12:00:00Z`))}`
    if (row.status !== 'active' || !row.storageKey) {
      lines.push(`Left out (shredded on ${displayDate(row.shreddedAt ?? now)}): #${row.id} ${label}`)
      continue
    }
    const key = row.storageKey
    const name = names.get(row.id)!
    lines.push(`${name}: #${row.id} ${label}`)
    zip.addReadStreamLazy(name, { compress: false, mtime: row.uploadedAt, size: row.sizeBytes }, (done) => {
      blobs.get(key).then(
        (file) => {
          if (file) return done(null, file)
          // The archive cannot be finished without it: the download stops with an error.
          logger.error('document file missing from the blob store', { documentId: row.id, key })
          done(new Error(`the file of document ${row.id} is missing`), Readable.from([]))
        },
        (error: unknown) => done(error, Readable.from([])),
      )
    })
  }
  zip.addReadStreamLazy('MANIFEST.txt', { compress: true, mtime: now }, (done) => {
    const included = rows.filter((row) => row.status === 'active' && row.storageKey).length
    const text = [
      `Documents archive, ${now.toISOString()}`,
      `${included} of ${rows.length} document${rows.length === 1 ? '' : 's'} included.`,
      '',
      ...lines,
      '',
    ].join('\r\n')
    done(null, Readable.from([Buffer.from(text, 'utf8')]))
  })
  zip.end()
  return zip.outputStream as Readable
}
