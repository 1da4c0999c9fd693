import * as v from 'valibot'
import { SUPPORT_ATTACHMENT_FIELD } from '../../contract/support'
import type { AppDeps } from '../context'
import { inArray } from 'drizzle-orm'
import { supportMessages } from '../db/schema'
import { readMultipart } from '../documents/multipart'
import type { BlobOwner } from '../documents/shred'
import { HttpError, unprocessable } from '../http/errors'
import { validationError } from '../http/validate'
import { sniffAndStore } from '../storage/sniff-and-store'

/** Attachments live beside document files, under their own prefix. */
export const SUPPORT_KEY_PREFIX = 'support/'

/** For the orphan sweep: attachments are pointed to by their messages. */
export const supportAttachmentFiles: BlobOwner = {
  prefix: SUPPORT_KEY_PREFIX,
  async referenced(db, keys) {
    const rows = await db.select({ key: supportMessages.attachmentKey }).from(supportMessages).where(inArray(supportMessages.attachmentKey, keys))
    return rows.map((row) => row.key!)
  },
}

export interface StoredAttachment {
  key: string
  name: string
  contentType: string
  size: number
}

export interface SupportBody<T> {
  fields: T
  attachment: StoredAttachment | null
}

/**
 * Reads a support message body: JSON (no attachment) or multipart/form-data with the text fields and
 * at most one file in the `attachment` field. The file is recognised by its first bytes (PDF, JPEG, PNG
 * or TIFF, as document uploads) and streamed to the blob store, up to UPLOAD_MAX_BYTES. When the
 * fields are refused, the stored file is deleted again: a refused message leaves nothing behind.
 */
export async function readSupportBody<S extends v.GenericSchema>(
  deps: AppDeps,
  request: { contentType: string | undefined; body: ReadableStream<Uint8Array> | null; json: () => Promise<unknown> },
  schema: S,
  clientId: number,
): Promise<SupportBody<v.InferOutput<S>>> {
  const type = request.contentType?.toLowerCase() ?? ''
  if (type.startsWith('application/json')) {
    let body: unknown
    try {
      body = await request.json()
    } catch {
      throw new HttpError(400, 'Malformed JSON', 'The request body is not valid JSON')
    }
    const parsed = v.safeParse(schema, body)
    if (!parsed.success) throw validationError(parsed.issues, 'json')
    return { fields: parsed.output, attachment: null }
  }
  if (!type.startsWith('multipart/form-data')) {
    throw new HttpError(415, 'Unsupported message', 'Send the message as JSON or multipart/form-data')
  }

  const maxBytes = deps.env.UPLOAD_MAX_BYTES
  let attachment: StoredAttachment | null = null
  try {
    const fields = await readMultipart(
      request.body,
      request.contentType!,
      { maxFiles: 1, maxBodyBytes: maxBytes + 256 * 1024 },
      {
        async file(part) {
          if (part.field !== SUPPORT_ATTACHMENT_FIELD) throw unprocessable('Invalid message', `Send the file in the '${SUPPORT_ATTACHMENT_FIELD}' field`)
          // A browser sends an empty, unnamed part when no file was chosen.
          if (!part.fileName) return
          const { key, name, contentType, size } = await sniffAndStore(deps, {
            prefix: `${SUPPORT_KEY_PREFIX}${clientId}/`,
            rawName: part.fileName,
            stream: part.stream,
            maxBytes,
          })
          attachment = { key, name, contentType, size }
        },
      },
    )
    const parsed = v.safeParse(schema, fields)
    if (!parsed.success) throw validationError(parsed.issues, 'form')
    return { fields: parsed.output, attachment }
  } catch (error) {
    await discardAttachment(deps, attachment)
    throw error
  }
}

/** Deletes a stored attachment whose message was not saved. */
export async function discardAttachment(deps: AppDeps, attachment: StoredAttachment | null): Promise<void> {
  if (!attachment) return
  await deps.blobs
    .delete(attachment.key)
    .catch((error) => deps.logger.error('could not delete a support attachment', { key: attachment.key, error: String(error) }))
}
