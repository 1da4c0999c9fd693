import { Server, type ServerOptions } from '@tus/server'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { uuidV7 } from '../documents/naming'
import type { AppEnv } from '../context'
import { access } from '../auth/policy'
import { idempotencyKeyOf } from '../idempotency'
import { errorBody, HttpError, notFound } from '../http/errors'
import { BlobStoreUnavailableError } from '../storage/blob-store'
import { completeUpload } from '../uploads/complete'
import { checkNewUpload, type NewUpload } from '../uploads/metadata'
import { findUpload, insertUpload, type UploadRow } from '../uploads/queries'
import { isUploadStoreFailure, UPLOAD_TTL_MS, uploadStore } from '../uploads/store'

/**
 * Resumable uploads (tus 1.0.0, @tus/server): a staff user creates an upload of one document file with
 * POST /uploads (its size in Upload-Length; the file's name and type, the client and the document's
 * fields in Upload-Metadata), sends its bytes with PATCH from the offset HEAD tells, and the completed
 * upload becomes the client's document through the multipart route's own creation (server/uploads/
 * complete.ts). Staff only, as the multipart route, checked at creation and at every request after it
 * (the last one completes it); an upload is its creator's alone (anyone else gets 404). See
 * docs/decisions/2026-12-02-resumable-uploads.md.
 */

const PATH = '/api/uploads'
/** The ids this server gives its uploads (namingFunction below): anything else names no upload. */
const UPLOAD_ID = /^upload-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** What this server offers of the protocol (uploads of unknown length are refused). */
const EXTENSIONS = 'creation,creation-with-upload,termination,expiration'
/** The id of a completed upload's document, on the last PATCH's answer and on HEAD after it. */
const DOCUMENT_ID_HEADER = 'Document-Id'

type Hooks = Pick<ServerOptions, 'namingFunction' | 'onUploadCreate' | 'onUploadFinish'>

/** Hands the request to the tus server, with this request's hooks, and makes its answer one of ours. */
async function tus(c: Context<AppEnv>, hooks: Hooks = {}): Promise<Response> {
  const deps = c.get('deps')
  const { datastore, locker } = uploadStore(deps)
  const server = new Server({
    path: PATH,
    datastore,
    locker,
    relativeLocation: true,
    maxSize: deps.env.UPLOAD_MAX_BYTES,
    // Same origin only: no CORS headers.
    allowedOrigins: () => false,
    ...hooks,
    onResponseError(_req, error) {
      if (error instanceof HttpError) return { status_code: error.status, body: JSON.stringify(error.body()) }
      if (error instanceof BlobStoreUnavailableError) {
        deps.logger.error('document store unavailable', { requestId: c.get('requestId'), path: c.req.path, error: error.message })
        return {
          status_code: 503,
          body: JSON.stringify(errorBody('Document storage is unavailable', 'Document files cannot be stored right now; the upload goes on once it is back')),
        }
      }
      if ('status_code' in error) return undefined
      if (isUploadStoreFailure(error)) {
        deps.logger.error('upload store unavailable', { requestId: c.get('requestId'), path: c.req.path, error: String(error) })
        return {
          status_code: 503,
          body: JSON.stringify(
            errorBody('Upload storage is unavailable', 'The upload cannot be stored right now; send it again shortly, it goes on from where it was'),
          ),
        }
      }
      deps.logger.error('upload failed', { requestId: c.get('requestId'), path: c.req.path, error: String(error) })
      return { status_code: 500, body: JSON.stringify(errorBody('Something went wrong on our side', `Please try again. Reference: ${c.get('requestId')}`)) }
    },
  })
  return houseAnswer(await server.handleWeb(c.req.raw))
}

/**
 * The tus server's answer with the API's headers: no CORS, the data policy of an API answer, and every
 * error as the house's JSON body `{ detail, details }` (the tus server words its own as plain text).
 */
async function houseAnswer(response: Response): Promise<Response> {
  const headers = new Headers(response.headers)
  for (const name of [...headers.keys()]) if (name.startsWith('access-control-')) headers.delete(name)
  if (headers.has('tus-extension')) headers.set('Tus-Extension', EXTENSIONS)
  headers.set('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'")
  headers.set('Cross-Origin-Resource-Policy', 'same-origin')
  headers.set('Cache-Control', 'no-store')
  if (response.status < 400) return new Response(response.body, { status: response.status, headers })
  const text = (await response.text()).trim()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  const house =
    body && typeof body === 'object' && 'detail' in body ? body : errorBody(text.split('\n')[0] || 'The upload request was refused', text || undefined)
  const json = JSON.stringify(house)
  headers.set('Content-Type', 'application/json')
  headers.set('Content-Length', String(Buffer.byteLength(json)))
  return new Response(json, { status: response.status, headers })
}

/** An answer made here rather than by the tus server (a finished upload's), with the same headers. */
function answer(status: number, headers: Record<string, string>, body?: unknown): Promise<Response> {
  return houseAnswer(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Tus-Resumable': '1.0.0', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
    }),
  )
}

/** The caller's own upload, or 404 (another user's upload is not theirs to see). */
async function ownUpload(c: Context<AppEnv>): Promise<UploadRow> {
  const id = c.req.param('id') ?? ''
  const upload = UPLOAD_ID.test(id) ? await findUpload(c.get('deps').db, id) : undefined
  if (!upload || upload.userId !== c.get('caller').userId) throw notFound('Upload')
  return upload
}

/** HEAD and PATCH of an upload already over (completed or refused) are answered from its row. */
function finishedAnswer(c: Context<AppEnv>, upload: UploadRow): Promise<Response> | null {
  const size = String(upload.sizeBytes)
  if (upload.completedAt) {
    const done = { 'Upload-Offset': size, 'Upload-Length': size, ...(upload.documentId ? { [DOCUMENT_ID_HEADER]: String(upload.documentId) } : {}) }
    if (c.req.method === 'HEAD') return answer(200, done)
    if (c.req.method === 'PATCH') {
      // The last PATCH again (its answer was lost): the same answer, and no second document.
      if (c.req.header('upload-offset') === size) return answer(204, done)
      return answer(
        409,
        {},
        errorBody('This upload is complete', `All ${size} bytes of this upload were received; it is document #${upload.documentId ?? '(deleted)'}`),
      )
    }
    return answer(400, {}, errorBody('This upload is complete', 'A completed upload cannot be removed; delete its document instead'))
  }
  if (upload.refusal) {
    // HEAD has no body: Gone, so a client starts over (and hears the refusal again at the end).
    if (c.req.method === 'HEAD') return answer(410, {})
    return answer(upload.refusal.status, {}, upload.refusal.body)
  }
  if (upload.expiresAt < c.get('deps').clock.now()) {
    return answer(410, {}, errorBody('This upload expired', 'Unfinished uploads are kept for a day; send the file again'))
  }
  return null
}

/** Every answer names the protocol's version, the API's own refusals (401, 403, 404, 422) too. */
const tusResumable: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  if (!c.res.headers.has('Tus-Resumable')) c.res.headers.set('Tus-Resumable', '1.0.0')
}

export const uploadRoutes = new Hono<AppEnv>()
  .use('/uploads', tusResumable)
  .use('/uploads/*', tusResumable)
  // What the server offers: Tus-Version, Tus-Extension, Tus-Max-Size. Asks nothing of the caller.
  .options('/uploads', access.public(), (c) => tus(c))

  // A new upload: its size and metadata are checked first, as the multipart route checks its form.
  .post('/uploads', access.agent(), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const checked: NewUpload = await checkNewUpload(deps, {
      length: c.req.header('upload-length'),
      deferLength: c.req.header('upload-defer-length'),
      metadata: c.req.header('upload-metadata'),
    })
    const idempotencyKey = idempotencyKeyOf(c.req.header('idempotency-key'))
    return tus(c, {
      namingFunction: () => `upload-${uuidV7(deps.clock.now())}`,
      async onUploadCreate(_req, upload) {
        const now = deps.clock.now()
        await insertUpload(deps.db, {
          id: upload.id,
          userId: caller.userId,
          clientId: checked.client.id,
          fileName: checked.fileName,
          sizeBytes: checked.size,
          fields: checked.fields,
          idempotencyKey,
          createdAt: now,
          expiresAt: new Date(now.getTime() + UPLOAD_TTL_MS),
        })
        return {}
      },
      // A whole file sent with the creation (creation-with-upload) completes here.
      onUploadFinish: async (_req, upload) => finish(c, upload.id),
    })
  })

  // HEAD (Hono answers it with the GET route, without a body) and the bytes themselves.
  .get('/uploads/:id', access.agent(), async (c) => {
    if (c.req.method !== 'HEAD') throw new HttpError(405, 'Method not allowed', 'Ask for an upload’s offset with HEAD')
    let upload = await ownUpload(c)
    // Every byte received but no document yet (its completion failed on our side, or is running on
    // another server): HEAD completes it first, so "all received" always means "a document".
    if (!upload.completedAt && !upload.refusal && (await receivedWhole(c, upload))) {
      try {
        await finish(c, upload.id)
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error
        // Still being completed elsewhere: a tus client tries a locked upload again.
        if (error.status === 409) throw new HttpError(423, 'This upload is being completed', 'This upload is being turned into a document; ask again shortly')
      }
      upload = (await findUpload(c.get('deps').db, upload.id)) ?? upload
    }
    return (await finishedAnswer(c, upload)) ?? afterRace(c, upload, await tus(c))
  })
  .patch('/uploads/:id', access.agent(), async (c) => {
    const upload = await ownUpload(c)
    return (await finishedAnswer(c, upload)) ?? afterRace(c, upload, await tus(c, { onUploadFinish: async () => finish(c, upload.id) }))
  })
  // Termination: the creator gives up an unfinished upload.
  .delete('/uploads/:id', access.agent(), async (c) => {
    const upload = await ownUpload(c)
    return (await finishedAnswer(c, upload)) ?? tus(c)
  })

/**
 * The bytes are gone because another request completed (or refused) the upload a moment ago: the
 * answer is that upload's, not a 404.
 */
async function afterRace(c: Context<AppEnv>, upload: UploadRow, response: Response): Promise<Response> {
  if (response.status !== 404) return response
  const now = await findUpload(c.get('deps').db, upload.id)
  return (now && (await finishedAnswer(c, now))) ?? response
}

/** Whether the store holds every byte of the upload. */
async function receivedWhole(c: Context<AppEnv>, upload: UploadRow): Promise<boolean> {
  const stored = await uploadStore(c.get('deps'))
    .datastore.getUpload(upload.id)
    .catch(() => null)
  return stored?.offset === upload.sizeBytes
}

/** The last bytes arrived: the upload becomes the document (permission and owner checked by the route). */
async function finish(c: Context<AppEnv>, id: string): Promise<{ headers: Record<string, string> }> {
  const deps = c.get('deps')
  const upload = await findUpload(deps.db, id)
  if (!upload) throw notFound('Upload')
  const { documentId } = await completeUpload(deps, upload, c.get('requestId'))
  return { headers: documentId ? { [DOCUMENT_ID_HEADER]: String(documentId) } : {} }
}
