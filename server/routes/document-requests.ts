import { Hono } from 'hono'
import { IdParamsSchema } from '../../contract/common'
import {
  CreateDocumentRequestSchema,
  type CreateDocumentRequest,
  DOCUMENT_REQUEST_STATUSES,
  DocumentRequestListQuerySchema,
  UpdateDocumentRequestStatusSchema,
} from '../../contract/document-requests'
import { access } from '../auth/policy'
import { clientAddress } from '../auth/rate-limit'
import type { AppEnv } from '../context'
import { findAddress } from '../clients/addresses'
import { findClient } from '../clients/queries'
import type { Db } from '../db/client'
import { hashRequest, idempotencyKeyOf, releaseIdempotent, startIdempotent, type IdempotencyClaim } from '../idempotency'
import { changeRequestStatus, createRequests, getRequestDetail, listRequests, type MailingAddress } from '../documents/requests'
import { HttpError, notFound, unprocessable } from '../http/errors'
import { countryExists } from '../identity/queries'
import { validate } from '../http/validate'

const ADDRESS_LABELS: Record<string, string> = {
  recipientName: 'recipient name',
  address: 'address',
  city: 'city',
  stateProvince: 'state',
  zipcode: 'postal/zip code',
}

const ADDRESS_FIELDS = ['recipientName', 'address', 'city', 'stateProvince', 'zipcode', 'countryId'] as const

/** The mailing address of a request to a saved address (addressId): the client's own, or 404. */
async function savedAddressFor(db: Db, clientId: number, body: CreateDocumentRequest): Promise<MailingAddress> {
  const given = ADDRESS_FIELDS.filter((key) => body[key] !== undefined)
  if (given.length || body.saveAddressAs !== undefined) {
    throw new HttpError(422, 'Send either a saved address or an address', 'addressId names a saved address: send it without address fields or saveAddressAs', [
      { path: 'addressId', message: 'addressId: not with address fields or saveAddressAs' },
    ])
  }
  const address = await findAddress(db, clientId, body.addressId!)
  if (!address) throw notFound('Address')
  const { recipientName, address: street, city, stateProvince, zipcode, countryId } = address
  return { recipientName, address: street, city, stateProvince, zipcode, countryId }
}

export const documentRequestRoutes = new Hono<AppEnv>()
  .get('/client/resources/status', access.signedIn(), (c) => c.json(DOCUMENT_REQUEST_STATUSES.map((s) => ({ id: s.id, name: s.name }))))

  // A client asks for documents to be mailed; missing address fields default to the client's profile.
  .post('/client/document-request', access.client('documents'), validate('json', CreateDocumentRequestSchema), async (c) => {
    const body = c.req.valid('json')
    const deps = c.get('deps')
    const caller = c.get('caller')
    const clientId = caller.clientId!
    const client = await findClient(deps.db, clientId)
    if (!client) throw notFound('Client')

    const saved = body.addressId === undefined ? undefined : await savedAddressFor(deps.db, clientId, body)
    const mailing: MailingAddress = saved ?? {
      recipientName: body.recipientName ?? (`${client.firstName} ${client.lastName}`.trim() || client.companyName),
      address: body.address ?? client.address.trim(),
      city: body.city ?? client.city.trim(),
      stateProvince: body.stateProvince ?? client.stateProvince.trim(),
      zipcode: body.zipcode ?? client.zipcode.trim(),
      countryId: body.countryId ?? client.countryId ?? null,
    }
    const missing = Object.entries(ADDRESS_LABELS).filter(([key]) => !mailing[key as keyof MailingAddress])
    if (missing.length) {
      throw new HttpError(
        422,
        'The mailing address is incomplete',
        `Enter the ${missing.map(([, label]) => label).join(', ')} of the mailing address`,
        missing.map(([key]) => ({ path: key, message: `${key}: This field is mandatory` })),
      )
    }
    if (mailing.countryId != null) {
      if (!(await countryExists(deps.db, mailing.countryId))) throw unprocessable('Unknown country', 'Choose a country from the list')
    }

    let claim: IdempotencyClaim | undefined
    const key = idempotencyKeyOf(c.req.header('idempotency-key'))
    if (key) {
      const started = await startIdempotent(deps.db, {
        key,
        scope: 'document-request',
        userId: caller.userId,
        requestHash: hashRequest(body),
        now: deps.clock.now(),
      })
      if (started.kind === 'replay') {
        c.header('Idempotent-Replayed', 'true')
        return c.json(started.body as object, 201)
      }
      claim = started.claim
    }
    try {
      const created = await createRequests(deps, caller, {
        documentIds: body.documentIds,
        mailing,
        companyName: client.companyName,
        claim,
        saveAddressAs: body.saveAddressAs,
        shippingOptionId: body.shippingOptionId,
        origin: { ip: clientAddress(c), requestId: c.get('requestId') },
      })
      return c.json(created, 201)
    } catch (error) {
      await releaseIdempotent(deps.db, claim).catch(() => {})
      throw error
    }
  })

  // Requested documents: a client's own requests, or every client's for agents with DCV.
  .get('/client/document-requests', access.signedIn(), validate('query', DocumentRequestListQuerySchema), async (c) => {
    return c.json(await listRequests(c.get('deps').db, c.get('caller'), c.req.valid('query')))
  })

  // document-progress/{id}: the request with its document, client and timeline of events.
  .get('/document-request/:id', access.signedIn(), validate('param', IdParamsSchema), async (c) => {
    return c.json(await getRequestDetail(c.get('deps').db, c.get('caller'), c.req.valid('param').id))
  })

  .patch(
    '/document-request/:id/status',
    access.signedIn(),
    validate('param', IdParamsSchema),
    validate('json', UpdateDocumentRequestStatusSchema),
    async (c) => {
      return c.json(await changeRequestStatus(c.get('deps'), c.get('caller'), c.req.valid('param').id, c.req.valid('json')))
    },
  )
