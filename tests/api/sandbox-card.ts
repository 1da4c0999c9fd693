import type { ChargeRequest, ChargeResult } from '../../server/payments/gateway'
import { SandboxGateway } from '../../server/payments/sandbox'
import type { TestServer } from './harness'

/** The test cards. */
export const TEST_CARDS = {
  success: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const

/**
 * A one-time sandbox payment token, made through the same HTTP calls as the hosted fields: each frame
 * posts its own value (card number, CVV) for a part token, then fields.js exchanges both parts, with
 * expiry and billing details, for the payment token.
 */
export async function sandboxCardToken(
  server: Pick<TestServer, 'request' | 'clock'>,
  number: string = TEST_CARDS.success,
  options: { cvv?: string; expMonth?: number; expYear?: number } = {},
): Promise<string> {
  const frame = { origin: 'null' }
  const numberPart = await server.request('POST', '/api/payments/sandbox/tokens', { body: { field: 'number', value: number }, headers: frame })
  const cvvPart = await server.request('POST', '/api/payments/sandbox/tokens', { body: { field: 'cvv', value: options.cvv ?? '123' }, headers: frame })
  if (numberPart.status !== 201 || cvvPart.status !== 201) throw new Error(`card part refused: ${numberPart.text} ${cvvPart.text}`)
  const token = await server.request('POST', '/api/payments/sandbox/payment-tokens', {
    body: {
      numberToken: numberPart.json.id,
      cvvToken: cvvPart.json.id,
      exp_month: options.expMonth ?? 12,
      exp_year: options.expYear ?? server.clock.now().getUTCFullYear() + 3,
      name: 'Ada Lovelace',
      postal_code: '33132',
      address1: '100 Biscayne Blvd',
    },
  })
  if (token.status !== 201) throw new Error(`payment token refused: ${token.text}`)
  return token.json.id as string
}

/**
 * The sandbox gateway, charging for real in its own books, with two switches: `loseAnswers` loses the
 * answer after the charge (what the portal sees of a server that died there, or of a processor whose
 * answer never came); `unreachable` charges nothing (the processor cannot be reached at all).
 */
export class AnswerLosingSandbox extends SandboxGateway {
  loseAnswers = false
  unreachable = false
  override async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (this.unreachable) throw new Error('connect ECONNREFUSED')
    const result = await super.charge(request)
    if (this.loseAnswers) throw new Error('connection reset by peer')
    return result
  }
}
