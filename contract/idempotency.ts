import * as v from 'valibot'

/**
 * The Idempotency-Key of a request that must take effect once however often it is sent: a
 * registration, a payment, an order, an upload, a mail request, a read mark. The sender makes one key
 * per logical request (a UUID, optionally with a prefix naming the call) and sends the same key with
 * every retry of it; the server answers a retry with the first answer.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'

/** One format for every call that takes a key. */
export const IdempotencyKeySchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9._:-]{8,200}$/, 'must be 8 to 200 letters, digits or . _ : -, such as a UUID'))
