import { Hono } from 'hono'
import { Readable } from 'node:stream'
import { IdParamsSchema } from '../../contract/common'
import { ConversationListQuerySchema, ConversationStatusSchema, NewConversationSchema, NewMessageSchema } from '../../contract/support'
import { access, hasPermission, isClient } from '../auth/policy'
import { clientAddress } from '../auth/rate-limit'
import type { AppEnv } from '../context'
import { contentDisposition } from '../documents/naming'
import { forbidden, HttpError } from '../http/errors'
import { FILE_HEADERS } from '../http/security'
import { validate } from '../http/validate'
import { readSupportBody } from '../support/attachment'
import {
  addMessage,
  assertCanReadSupport,
  findAttachment,
  getConversation,
  listConversations,
  setConversationStatus,
  startConversation,
} from '../support/queries'

/**
 * Support conversations (server/support/queries.ts): clients write to support and read the answers;
 * staff read them with SPV and reply, open or close them with SPR. New messages take JSON or
 * multipart/form-data (with one PDF or image in the `attachment` field).
 */
export const supportRoutes = new Hono<AppEnv>()
  .get('/support/conversations', access.signedIn(), validate('query', ConversationListQuerySchema), async (c) => {
    return c.json(await listConversations(c.get('deps').db, c.get('caller'), c.req.valid('query')))
  })
  .post('/support/conversations', access.client('shared'), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const { fields, attachment } = await readSupportBody(
      deps,
      { contentType: c.req.header('content-type'), body: c.req.raw.body, json: () => c.req.json() },
      NewConversationSchema,
      caller.clientId!,
    )
    const conversation = await startConversation(deps, caller, fields, attachment, { requestId: c.get('requestId'), ip: clientAddress(c) })
    return c.json(conversation, 201)
  })
  .get('/support/conversations/:id', access.signedIn(), validate('param', IdParamsSchema), async (c) => {
    return c.json(await getConversation(c.get('deps'), c.get('caller'), c.req.valid('param').id))
  })
  .post('/support/conversations/:id/messages', access.signedIn(), validate('param', IdParamsSchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const { id } = c.req.valid('param')
    // Who may write is known before the body is read: nothing is stored for a caller who may not.
    const conversation = await getConversation(deps, caller, id)
    if (!isClient(caller) && !hasPermission(caller, 'SPR')) throw forbidden('You do not have permission to reply to support conversations')
    const { fields, attachment } = await readSupportBody(
      deps,
      { contentType: c.req.header('content-type'), body: c.req.raw.body, json: () => c.req.json() },
      NewMessageSchema,
      conversation.clientId,
    )
    return c.json(await addMessage(deps, caller, id, fields.message, attachment, { requestId: c.get('requestId'), ip: clientAddress(c) }), 201)
  })
  .patch('/support/conversations/:id', access.agent('SPR'), validate('param', IdParamsSchema), validate('json', ConversationStatusSchema), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(
      await setConversationStatus(c.get('deps'), c.get('caller'), id, c.req.valid('json').status, { requestId: c.get('requestId'), ip: clientAddress(c) }),
    )
  })
  .get('/support/messages/:id/attachment', access.signedIn(), validate('param', IdParamsSchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    assertCanReadSupport(caller)
    const attachment = await findAttachment(deps.db, caller, c.req.valid('param').id)
    const file = await deps.blobs.get(attachment.key)
    if (!file) {
      deps.logger.error('support attachment missing from the blob store', { key: attachment.key, requestId: c.get('requestId') })
      throw new HttpError(404, 'Attachment not found', 'The attached file could not be found')
    }
    return new Response(Readable.toWeb(file) as ReadableStream<Uint8Array>, {
      status: 200,
      headers: {
        'Content-Type': attachment.contentType,
        'Content-Length': String(attachment.size),
        'Content-Disposition': contentDisposition('attachment', attachment.name),
        ...FILE_HEADERS,
      },
    })
  })
