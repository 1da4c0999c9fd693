import busboy from 'busboy'
import type { Readable } from 'node:stream'
import { HttpError } from '../http/errors'

export interface MultipartLimits {
  /** File parts allowed in one request. */
  maxFiles: number
  /** The whole body; past it reading stops (a sender that ignores the per-file limit). */
  maxBodyBytes: number
}

export interface FilePart {
  field: string
  fileName: string
  declaredType: string
  stream: Readable
}

export interface MultipartHandlers {
  /**
   * Called once per file part, in order. It must read the stream or leave it: whatever it does not read
   * is discarded after it returns. A thrown error ends the upload: later parts are discarded unread.
   * `fields` holds the text fields received so far (those sent before this file).
   */
  file(part: FilePart, fields: Readonly<Record<string, string>>): Promise<void>
}

const malformed = (reason: string) => new HttpError(400, 'The upload could not be read', `The upload could not be read: ${reason}`)

/**
 * Reads a multipart/form-data body part by part as it arrives, never holding a whole file in memory.
 * Returns the text fields. The first error (a handler's, a limit, a malformed body) is thrown once the
 * handlers in flight have finished, so the caller can clean up what they wrote.
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  limits: MultipartLimits,
  handlers: MultipartHandlers,
): Promise<Record<string, string>> {
  if (!body) throw malformed('the request has no body')
  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send file names as raw UTF-8; busboy would read them as Latin-1 ("rÃ©sumÃ©.pdf").
      defParamCharset: 'utf8',
      limits: { files: limits.maxFiles, fields: 20, fieldSize: 4096, parts: limits.maxFiles + 20, headerPairs: 20 },
    })
  } catch (error) {
    throw malformed(error instanceof Error ? error.message : 'missing multipart boundary')
  }

  const fields: Record<string, string> = {}
  let failure: unknown
  const fail = (error: unknown) => {
    failure ??= error
  }
  // File parts are handled one after another, in the order they arrive.
  let handling: Promise<void> = Promise.resolve()

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated || info.nameTruncated) fail(new HttpError(422, 'Invalid upload', `The field ${name.slice(0, 40)} is too long`))
    else fields[name] = value
  })
  parser.on('file', (field, stream, info) => {
    // Destroying the parser mid-file errors this stream; once its handler is done nobody else listens,
    // and an unheard 'error' would bring the whole server down.
    stream.on('error', () => {})
    if (failure !== undefined) {
      stream.resume()
      return
    }
    handling = handling.then(async () => {
      try {
        if (failure === undefined) await handlers.file({ field, fileName: info.filename ?? '', declaredType: info.mimeType, stream }, fields)
      } catch (error) {
        fail(error)
      } finally {
        // Whatever the handler left unread is skipped, so the parser can reach the next part.
        if (!stream.readableEnded && !stream.destroyed) stream.resume()
      }
    })
  })
  parser.on('filesLimit', () => fail(new HttpError(422, 'Too many files', `At most ${limits.maxFiles} files can be uploaded at once`)))
  parser.on('fieldsLimit', () => fail(new HttpError(422, 'Invalid upload', 'The upload has too many fields')))
  parser.on('partsLimit', () => fail(new HttpError(422, 'Invalid upload', 'The upload has too many parts')))

  const parsed = new Promise<void>((resolve, reject) => {
    parser.once('close', resolve)
    parser.once('error', reject)
  })
  // Avoid an unhandled rejection while the body is still being fed.
  parsed.catch(() => {})

  const reader = body.getReader()
  let received = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      received += value.byteLength
      if (received > limits.maxBodyBytes) {
        fail(new HttpError(413, 'Upload too large', 'The upload is larger than the server accepts'))
        break
      }
      // After a failure the rest of the body is read and dropped, so the answer reaches the sender.
      if (failure !== undefined || parser.destroyed) continue
      if (!parser.write(value)) await drained(parser)
    }
  } catch (error) {
    fail(malformed(error instanceof Error ? error.message : 'the connection was interrupted'))
  }

  if (failure === undefined && !parser.destroyed) parser.end()
  else parser.destroy()
  try {
    await parsed
  } catch (error) {
    fail(malformed(error instanceof Error ? error.message : 'unexpected end of the form'))
  }
  await handling
  if (failure !== undefined) throw failure
  return fields
}

function drained(parser: busboy.Busboy): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      parser.off('drain', done)
      parser.off('close', done)
      parser.off('error', done)
      resolve()
    }
    parser.on('drain', done)
    parser.on('close', done)
    parser.on('error', done)
  })
}
