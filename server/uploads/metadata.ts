import { Metadata } from '@tus/server'
import * as v from 'valibot'
import { idParam } from '../../contract/common'
import { tooLargeMessage } from '../../contract/file-size'
import type { AppDeps } from '../context'
import { findClient } from '../clients/queries'
import { cleanOriginalName } from '../documents/naming'
import { checkUploadFields, type CheckedFields } from '../documents/upload'
import { badRequest, HttpError, unprocessable } from '../http/errors'
import { assertNoControlCharacters, validationError } from '../http/validate'

/**
 * The Upload-Metadata of a new upload: the file's name and declared type, the client, and the fields of
 * the multipart upload (POST /document/client/{id}), each a text value. The document fields are then
 * checked exactly as that route checks them (checkUploadFields).
 */
export const UploadMetadataSchema = v.object({
  filename: v.pipe(v.string('filename is mandatory'), v.minLength(1, 'filename must not be empty'), v.maxLength(255, 'filename is longer than 255 characters')),
  filetype: v.pipe(v.string('filetype is mandatory'), v.maxLength(100, 'filetype is longer than 100 characters')),
  clientId: v.pipe(v.string('clientId is mandatory'), idParam('clientId must be a client id')),
  documentTypeId: v.string('documentTypeId is mandatory'),
  jurisdiction: v.string('jurisdiction is mandatory'),
  dateReceived: v.string('dateReceived is mandatory'),
  servedOn: v.optional(v.string()),
  /** 'document' (the default) or 'envelope'. */
  kind: v.optional(v.string()),
})

export interface NewUpload {
  client: { id: number; companyName: string }
  fileName: string
  size: number
  /** The document fields, as checkUploadFields takes them. */
  fields: Record<string, string>
  checked: CheckedFields
}

/** Reads and checks a creation request's Upload-Length and Upload-Metadata (4xx with a readable reason). */
export async function checkNewUpload(deps: AppDeps, headers: { length?: string; deferLength?: string; metadata?: string }): Promise<NewUpload> {
  if (headers.deferLength !== undefined)
    throw badRequest('Upload-Length required', 'Give the size of the file in Upload-Length; uploads of unknown size are not accepted')
  if (headers.length === undefined || !/^\d{1,15}$/.test(headers.length))
    throw badRequest('Upload-Length required', 'Upload-Length must be the size of the file in bytes')
  let raw: Record<string, string | null>
  try {
    raw = Metadata.parse(headers.metadata ?? '')
  } catch {
    throw badRequest('Invalid Upload-Metadata', 'Upload-Metadata must be comma-separated pairs of a key and its Base64 value')
  }
  const present = Object.fromEntries(Object.entries(raw).filter((entry): entry is [string, string] => entry[1] !== null))
  assertNoControlCharacters(present, 'Upload-Metadata')
  // Every known key, absent ones as undefined: a missing field is then named in its schema's own words.
  const known = Object.fromEntries(Object.keys(UploadMetadataSchema.entries).map((key) => [key, present[key]]))
  const parsed = v.safeParse(UploadMetadataSchema, known)
  if (!parsed.success) throw asMetadataError(validationError(parsed.issues, 'form'))
  const { filename, clientId, filetype: _declared, ...fields } = parsed.output
  const fileName = cleanOriginalName(filename)
  const size = Number(headers.length)
  if (size === 0) throw unprocessable(`${fileName} is empty`, `${fileName} is empty: choose the file again`)
  const maxBytes = deps.env.UPLOAD_MAX_BYTES
  if (size > maxBytes) throw new HttpError(413, `${fileName} is too large`, tooLargeMessage(fileName, maxBytes))
  const documentFields = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== undefined))
  const checked = await checkUploadFields(deps, documentFields).catch((error: unknown) => {
    throw asMetadataError(error)
  })
  const client = await findClient(deps.db, clientId)
  if (!client) throw unprocessable('Unknown client', `There is no client #${clientId}`)
  return { client: { id: client.id, companyName: client.companyName }, fileName, size, fields: documentFields, checked }
}

/** The form's validation error, named for where the fields came from. */
function asMetadataError(error: unknown): unknown {
  if (error instanceof HttpError && error.status === 422 && error.detail === 'Invalid form') {
    return new HttpError(422, 'Invalid Upload-Metadata', error.details, error.issues)
  }
  return error
}
