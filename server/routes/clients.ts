import { Hono } from 'hono'
import {
  AssignMailboxParamsSchema,
  AssignMailboxQuerySchema,
  ClientListQuerySchema,
  type NextMailbox,
  RegistrationSchema,
  SubscribeServicesSchema,
  UpdateClientSchema,
} from '../../contract/clients'
import { IdParamsSchema } from '../../contract/common'
import { access, hasPermission, identifyWhenSignedIn, isAgent, isClient, opensArea } from '../auth/policy'
import { ADDRESS_LIMITS, clientAddress, spendAddressBudget } from '../auth/rate-limit'
import type { AppEnv, Caller } from '../context'
import { assignMailbox, listClients, nextFreeMailboxNumber, readClient, updateClientProfile, type ClientProfileChanges } from '../clients/queries'
import type { Db } from '../db/client'
import { conflict, forbidden, HttpError, notFound } from '../http/errors'
import { validate } from '../http/validate'
import { idempotencyKeyOf } from '../idempotency'
import { businessEntityTypeExists, countryExists } from '../identity/queries'
import { registerClient } from '../registration/register-client'
import { subscribeServices } from '../registration/subscribe'

/**
 * Clients: POST /api/client registers one (public sign-up; provider staff signed in: then the staff
 * member's agent is recorded; a client user signed in: the company is added to their login); GET /api/client lists them for agents (paged, searched and sorted on the
 * server); GET /api/client/{id} is one client, for itself or an agent; PUT /api/client/{id} edits its
 * profile (personal and company info), by the client itself or an agent with PCE; another client's id
 * answers 404. POST /api/client/services/packages/subscribe lets a client order and pay for more services;
 * GET /api/client/assignMailbox/{clientId}/{mailboxNumber} gives a client its mailbox (agents with PCE).
 */

export const clientRoutes = new Hono<AppEnv>()
  // Registration is public, but staff and clients use it too (identifyWhenSignedIn): an agent is recorded
  // on the new client, and a client user gets the new company added to their own login.
  .post('/client', access.public(), identifyWhenSignedIn, validate('json', RegistrationSchema), async (c) => {
    const idempotencyKey = idempotencyKeyOf(c.req.header('idempotency-key')?.trim())
    const caller = c.get('caller') as AppEnv['Variables']['caller'] | undefined
    const staff = caller && isAgent(caller) ? { userId: caller.userId, agentId: caller.agentId } : undefined
    // A signed-in client user adds the new company to their own login (any role: they own the new one).
    const owner = caller && !staff && isClient(caller) ? { userId: caller.userId, email: caller.email } : undefined
    // Registering a client for someone else, and charging their card, is for staff who edit clients.
    if (caller && isAgent(caller) && !hasPermission(caller, 'PCE')) throw forbidden('Registering clients needs the permission to edit clients (PCE)')
    const outcome = await registerClient(c.get('deps'), c.req.valid('json'), {
      idempotencyKey,
      staff,
      owner,
      requestId: c.get('requestId'),
      ip: clientAddress(c),
      // A public sign-up hashes a password and tries a card: a few per address and hour. Retrying one
      // (the same Idempotency-Key and body) costs nothing.
      beforeNewAttempt: staff || owner ? undefined : () => spendAddressBudget(c, ADDRESS_LIMITS.signUp),
    })
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true')
    return c.json(outcome.body, outcome.status)
  })
  .get('/client', access.agent(), validate('query', ClientListQuerySchema), async (c) => {
    return c.json(await listClients(c.get('deps').db, c.req.valid('query')))
  })
  // A client orders more services for itself and pays by card at once (server/registration/subscribe.ts).
  .post('/client/services/packages/subscribe', access.client('billing'), validate('json', SubscribeServicesSchema), async (c) => {
    const outcome = await subscribeServices(c.get('deps'), c.get('caller'), c.req.valid('json'), {
      idempotencyKey: idempotencyKeyOf(c.req.header('idempotency-key')),
      requestId: c.get('requestId'),
      ip: clientAddress(c),
    })
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true')
    return c.json(outcome.body, outcome.status)
  })
  // An agent with PCE gives a client its mailbox. The published API makes it a GET; repeating it changes
  // nothing; replacing a number the client has needs replace=true (the profile asks first).
  .get(
    '/client/assignMailbox/:clientId/:mailboxNumber',
    access.agent('PCE'),
    validate('param', AssignMailboxParamsSchema),
    validate('query', AssignMailboxQuerySchema),
    async (c) => {
      const { db, clock } = c.get('deps')
      const { clientId, mailboxNumber } = c.req.valid('param')
      const replace = c.req.valid('query').replace ?? false
      const outcome = await assignMailbox(db, clientId, mailboxNumber, {
        ...changeContext(c.get('caller'), clock.now(), clientAddress(c), c.get('requestId')),
        replace,
      })
      if (outcome === 'not-found') throw notFound('Client')
      if (outcome === 'taken') throw conflict('Mailbox already assigned', `Mailbox ${mailboxNumber} belongs to another client. Choose another number.`)
      if (typeof outcome === 'object') {
        throw conflict(
          'Client already has a mailbox',
          `${outcome.companyName} already has mailbox ${outcome.held}. Confirm to replace it with ${mailboxNumber}.`,
        )
      }
      return c.json(await readClientFor(db, clientId, c.get('caller')))
    },
  )
  // The mailbox number the assign dialog suggests.
  .get('/client/mailbox/next-free', access.agent('PCE'), async (c) => {
    const body: NextMailbox = { mailboxNumber: await nextFreeMailboxNumber(c.get('deps').db) }
    return c.json(body)
  })
  .get('/client/:id{[0-9]+}', access.ownClient('id', 'shared'), validate('param', IdParamsSchema), async (c) => {
    return c.json(await readClientFor(c.get('deps').db, c.req.valid('param').id, c.get('caller')))
  })
  .put('/client/:id{[0-9]+}', access.ownClient('id', 'account', 'PCE'), validate('param', IdParamsSchema), validate('json', UpdateClientSchema), async (c) => {
    const { db } = c.get('deps')
    const { id } = c.req.valid('param')
    const caller = c.get('caller')
    const input = c.req.valid('json')
    if (!(await countryExists(db, input.country)))
      throw new HttpError(422, 'Choose a country', 'Choose a country from the list', [{ path: 'country', message: 'country: Choose a country from the list' }])
    if (!(await businessEntityTypeExists(db, input.businessType))) {
      throw new HttpError(422, 'Choose a business entity type', 'Choose a business entity type from the list', [
        { path: 'businessType', message: 'businessType: Choose a business entity type from the list' },
      ])
    }
    const now = c.get('deps').clock.now()
    const changes: ClientProfileChanges = {
      companyName: input.companyName,
      businessType: input.businessType,
      notifyAttorney: input.notifyAttorney,
      // Notify Attorney 'No' clears the attorney e-mail.
      attorneyEmail: input.notifyAttorney ? (input.attorneyEmail ?? null) : null,
      changeAgent: input.changeAgent,
      useAgentAddress: input.useAgentAddress,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      countryId: input.country,
      address: input.address,
      city: input.city,
      stateProvince: input.stateProvince,
      zipcode: input.zipcode,
      // The provider's own note: only staff change it.
      ...(isAgent(caller) ? { leadGeneratedBy: input.leadGeneratedBy || null } : {}),
    }
    if (!(await updateClientProfile(db, id, changes, changeContext(caller, now, clientAddress(c), c.get('requestId'))))) throw notFound('Client')
    return c.json(await readClientFor(db, id, caller))
  })

/** Who is changing a client, and from where (the audit row written with the change). */
function changeContext(caller: Caller, at: Date, ip: string, requestId: string) {
  return { at, actorUserId: caller.userId, ip, requestId }
}

/** The Client of GET /api/client/{id}; documents only for its people who see documents, or an agent with DCV. */
async function readClientFor(db: Db, id: number, caller: Caller) {
  const client = await readClient(db, id, { withDocuments: opensArea(caller, 'documents') || hasPermission(caller, 'DCV') })
  if (!client) throw notFound('Client')
  return client
}
