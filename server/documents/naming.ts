import { randomBytes } from 'node:crypto'
import type { DocumentFileType } from '../../contract/documents'

/**
 * A UUID version 7: its first 48 bits are the time in milliseconds. Blob keys carry it, so the orphan
 * sweep can tell a file's age from its key alone, on any blob store.
 */
export function uuidV7(at: Date): string {
  const bytes = randomBytes(16)
  bytes.writeUIntBE(Math.max(0, Math.floor(at.getTime())), 0, 6)
  bytes[6] = (bytes[6] & 0x0f) | 0x70
  bytes[8] = (bytes[8] & 0x3f) | 0x80
  const hex = bytes.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** documents/<clientId>/<uuid>.<ext>: a fresh key per file, never taken from the uploader. */
export function documentStorageKey(clientId: number, type: DocumentFileType, at: Date): string {
  return `${documentKeyPrefix(clientId)}${uuidV7(at)}.${type}`
}
export const DOCUMENT_KEY_PREFIX = 'documents/'

/** Where one client's document files go (sniffAndStore adds `<uuid>.<ext>`). */
export function documentKeyPrefix(clientId: number): string {
  return `${DOCUMENT_KEY_PREFIX}${clientId}/`
}

const V7_KEY = /^[a-z]+\/\d+\/([0-9a-f]{8})-([0-9a-f]{4})-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.[a-z]+$/

/** When a key made by sniffAndStore (`<prefix>/<client id>/<UUIDv7>.<ext>`) was created; null for keys of any other shape. */
export function storageKeyCreatedAt(key: string): Date | null {
  const match = V7_KEY.exec(key)
  if (!match) return null
  return new Date(parseInt(match[1] + match[2], 16))
}

/** "Sunshine Holdings, LLC" -> "Sunshine-Holdings-LLC": ASCII letters, digits and single hyphens. */
export function fileNamePart(text: string): string {
  // A page of documents names the same companies and types again and again.
  let part = namePartCache.get(text)
  if (part === undefined) {
    if (namePartCache.size >= 1000) namePartCache.clear()
    namePartCache.set(text, (part = toFileNamePart(text)))
  }
  return part
}
const namePartCache = new Map<string, string>()

function toFileNamePart(text: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return ascii.slice(0, 60).replace(/-+$/, '') || 'Document'
}

/** The download name chosen by the server: Company_Type_YYYY-MM-DD.ext. */
export function downloadFileName(companyName: string, documentType: string, dateReceived: string, type: DocumentFileType): string {
  return `${fileNamePart(companyName)}_${fileNamePart(documentType)}_${dateReceived}.${type}`
}

/** A Content-Disposition header for a server-chosen (already ASCII-safe) name. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * Bidirectional-text controls: U+202E turns "invoice\u202Efdp.exe" into what reads as "invoiceexe.pdf".
 * A file name has no use for them.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/**
 * The uploader's file name, kept for display: Unicode (NFC) as sent, no path, no control or bidi
 * characters, at most 200 characters.
 */
export function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? '').normalize('NFC').split(/[\\/]/).pop() ?? ''
  const clean = base
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(BIDI_CONTROLS, '')
    .trim()
    .slice(0, 200)
  return clean || 'file'
}

/** Sizes in words come from the contract, shared with the portal. */
export { formatBytes } from '../../contract/file-size'
