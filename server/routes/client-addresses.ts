import { Hono } from 'hono'
import { AddressInputSchema, AddressParamsSchema } from '../../contract/addresses'
import { IdParamsSchema } from '../../contract/common'
import { access } from '../auth/policy'
import { clientAddress } from '../auth/rate-limit'
import type { AppEnv } from '../context'
import { createAddress, deleteAddress, listAddresses, updateAddress } from '../clients/addresses'
import { notFound } from '../http/errors'
import { validate } from '../http/validate'

/**
 * A client's address book: GET/POST /api/client/{id}/addresses, PUT/DELETE
 * /api/client/{id}/addresses/{addressId}. The client itself, or staff: any agent reads, changes need
 * PCE (as the profile's). Another client's id, or an address of another client, answers 404.
 */
export const clientAddressRoutes = new Hono<AppEnv>()
  .get('/client/:id{[0-9]+}/addresses', access.ownClient('id', 'documents'), validate('param', IdParamsSchema), async (c) => {
    const addresses = await listAddresses(c.get('deps').db, c.req.valid('param').id)
    if (!addresses) throw notFound('Client')
    return c.json(addresses)
  })
  .post(
    '/client/:id{[0-9]+}/addresses',
    access.ownClient('id', 'documents', 'PCE'),
    validate('param', IdParamsSchema),
    validate('json', AddressInputSchema),
    async (c) => {
      const { db, clock } = c.get('deps')
      const change = { at: clock.now(), actorUserId: c.get('caller').userId, ip: clientAddress(c), requestId: c.get('requestId') }
      return c.json(await createAddress(db, c.req.valid('param').id, c.req.valid('json'), change), 201)
    },
  )
  .put(
    '/client/:id{[0-9]+}/addresses/:addressId{[0-9]+}',
    access.ownClient('id', 'documents', 'PCE'),
    validate('param', AddressParamsSchema),
    validate('json', AddressInputSchema),
    async (c) => {
      const { db, clock } = c.get('deps')
      const { id, addressId } = c.req.valid('param')
      const change = { at: clock.now(), actorUserId: c.get('caller').userId, ip: clientAddress(c), requestId: c.get('requestId') }
      return c.json(await updateAddress(db, id, addressId, c.req.valid('json'), change))
    },
  )
  .delete('/client/:id{[0-9]+}/addresses/:addressId{[0-9]+}', access.ownClient('id', 'documents', 'PCE'), validate('param', AddressParamsSchema), async (c) => {
    const { db, clock } = c.get('deps')
    const { id, addressId } = c.req.valid('param')
    await deleteAddress(db, id, addressId, { at: clock.now(), actorUserId: c.get('caller').userId, ip: clientAddress(c), requestId: c.get('requestId') })
    return c.body(null, 204)
  })
