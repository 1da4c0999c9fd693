import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createLogger } from '../../server/logger'
import { AffiniPayGateway } from '../../server/payments'

/**
 * The AffiniPay adapter's cards on file against a loopback stand-in that answers as the adapter expects
 * AffiniPay to (POST /v1/cards makes a saved card from a one-time token, a charge's `method` may be a saved
 * card's id, DELETE /v1/cards/{id} forgets it). It checks the requests the adapter makes and what it
 * answers; the shapes themselves are still to be confirmed against AffiniPay's API
 * (docs/decisions/2026-12-03-saved-cards-and-autopay.md).
 */
const SECRET = 'secret_saved_cards'
let standIn: Server
let gateway: AffiniPayGateway
const requests: { method: string; path: string; body: any }[] = []
const cards = new Map<string, { deleted: boolean }>()
const charges: { id: string; reference: string; amount: number; method: unknown }[] = []

const savedCard = (id: string) => ({ id, type: 'card', number: '************4242', card_type: 'VISA', exp_month: 9, exp_year: 2031 })

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : null
      requests.push({ method: req.method!, path: req.url!, body })
      const reply = (status: number, answer: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(answer))
      }
      if (req.method === 'POST' && req.url === '/v1/cards') {
        if (body.method === 'tok_bad') return reply(422, { messages: [{ code: 'card_number_invalid', level: 'error' }] })
        const id = `card_${randomUUID().slice(0, 8)}`
        cards.set(id, { deleted: false })
        return reply(200, savedCard(id))
      }
      const remove = /^\/v1\/cards\/([^/]+)$/.exec(req.url!)
      if (req.method === 'DELETE' && remove) {
        const card = cards.get(remove[1])
        if (!card) return reply(404, { messages: [{ code: 'not_found', level: 'error' }] })
        card.deleted = true
        return reply(200, {})
      }
      const lookUp = /^\/v1\/charges\?reference=(.+)$/.exec(req.url!)
      if (req.method === 'GET' && lookUp) return reply(200, { results: charges.filter((c) => c.reference === decodeURIComponent(lookUp[1])) })
      if (req.method === 'POST' && req.url === '/v1/charges') {
        const card = typeof body.method === 'string' ? cards.get(body.method) : undefined
        if (String(body.method).startsWith('card_') && (!card || card.deleted)) return reply(422, { messages: [{ code: 'not_found', level: 'error' }] })
        const made = {
          id: `ch_${randomUUID().slice(0, 8)}`,
          status: 'AUTHORIZED',
          amount: body.amount,
          reference: body.reference,
          method: card ? savedCard(body.method) : { type: 'card', number: '************4242', card_type: 'VISA' },
        }
        charges.push(made)
        return reply(200, made)
      }
      reply(404, { messages: [{ code: 'not_found', level: 'error' }] })
    })
  })
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
  const apiUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`
  gateway = new AffiniPayGateway(
    { publicKey: 'public', secretKey: SECRET, accountId: 'acct_1', apiUrl, hostedFieldsUrl: 'https://cdn.affinipay.example/fieldGen_1.5.3.js' },
    { logger: createLogger('silent') },
  )
})
afterAll(() => new Promise((resolve) => standIn.close(resolve)))
beforeEach(() => {
  requests.length = 0
})

describe('AffiniPay cards on file', () => {
  it('saves the token’s card first and charges the saved card, answering it as the stored card', async () => {
    const key = randomUUID()
    const result = await gateway.charge({ token: 'tok_visa_1', saveCard: true, amountCents: 4_900, idempotencyKey: key, description: 'Invoice 1' })
    expect(result).toMatchObject({ ok: true, cardLast4: '4242', storedCard: { brand: 'visa', last4: '4242', expMonth: 9, expYear: 2031 } })
    const stored = (result as { storedCard: { token: string } }).storedCard.token
    const posts = requests.filter((r) => r.method === 'POST')
    expect(posts.map((r) => r.path)).toEqual(['/v1/cards', '/v1/charges'])
    expect(posts[0].body).toEqual({ method: 'tok_visa_1' })
    expect(posts[1].body).toMatchObject({ method: stored, amount: 4_900, reference: key, account_id: 'acct_1' })
    // The reconciliation's look-up finds the same card with the charge.
    expect(await gateway.closeKey(key)).toMatchObject({ status: 'succeeded', storedCard: { token: stored, last4: '4242' } })
  })

  it('charges a card on file without card fields, and refuses it once deleted', async () => {
    const first = await gateway.charge({ token: 'tok_visa_2', saveCard: true, amountCents: 100, idempotencyKey: randomUUID(), description: 'x' })
    const stored = (first as { storedCard: { token: string } }).storedCard.token
    const again = await gateway.charge({ storedCard: stored, amountCents: 2_500, idempotencyKey: randomUUID(), description: 'Invoice 2' })
    expect(again).toMatchObject({ ok: true })
    expect(requests.filter((r) => r.method === 'POST').at(-1)!.body).toMatchObject({ method: stored, amount: 2_500 })

    await gateway.deleteStoredCard(stored)
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/cards/${stored}` })
    await gateway.deleteStoredCard(stored) // forgetting it again is no error
    const refused = await gateway.charge({ storedCard: stored, amountCents: 2_500, idempotencyKey: randomUUID(), description: 'Invoice 3' })
    expect(refused).toMatchObject({ ok: false, code: 'invalid_token' })
  })

  it('charges nothing when the card cannot be saved', async () => {
    const result = await gateway.charge({ token: 'tok_bad', saveCard: true, amountCents: 100, idempotencyKey: randomUUID(), description: 'x' })
    expect(result).toMatchObject({ ok: false, code: 'card_declined', message: 'The card number is not valid' })
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/v1/cards'])
  })
})
