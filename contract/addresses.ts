import * as v from 'valibot'
import { BodyId, IdParam, REQUIRED_MESSAGE, singleLine } from './common'

/**
 * A client's address book and how its mail is handled:
 * GET/POST /api/client/{id}/addresses, PUT/DELETE /api/client/{id}/addresses/{addressId},
 * GET/PUT /api/client/{id}/mail-handling.
 */

/**
 * The longest text of each part of a mailing address: the same for a saved address and for the address
 * of a mail request (CreateDocumentRequestSchema), so any address saved can be mailed to and back.
 */
export const MAILING_ADDRESS_LIMITS = { recipientName: 100, address: 255, city: 100, stateProvince: 100, zipcode: 10 } as const

/** The longest name of a saved address ('Home', 'Office', 'Our attorney'). */
export const ADDRESS_LABEL_MAX = 50

/** How many addresses one client may keep. */
export const MAX_SAVED_ADDRESSES = 50

/** A required single-line text: trimmed, not empty, at most `max` characters. */
const required = (label: string, max: number) =>
  v.pipe(
    v.string(REQUIRED_MESSAGE),
    v.trim(),
    v.minLength(1, REQUIRED_MESSAGE),
    v.maxLength(max, `${label} cannot exceed ${max} characters`),
    singleLine(label),
  )

/** The name a client gives an address; unique per client whatever its case. */
export const AddressLabelSchema = required('Label', ADDRESS_LABEL_MAX)

/** POST /api/client/{id}/addresses and PUT /api/client/{id}/addresses/{addressId}: every field. */
export const AddressInputSchema = v.object(
  {
    label: AddressLabelSchema,
    recipientName: required('Recipient name', MAILING_ADDRESS_LIMITS.recipientName),
    address: required('Address', MAILING_ADDRESS_LIMITS.address),
    city: required('City', MAILING_ADDRESS_LIMITS.city),
    stateProvince: required('State', MAILING_ADDRESS_LIMITS.stateProvince),
    zipcode: required('Postal/Zip Code', MAILING_ADDRESS_LIMITS.zipcode),
    /** A country id (GET /api/country). */
    countryId: BodyId(REQUIRED_MESSAGE),
  },
  // A missing field reads as the required message; a body that is not an object says so.
  (issue) => (issue.path?.length ? REQUIRED_MESSAGE : 'Send the address as a JSON object'),
)
export type AddressInput = v.InferInput<typeof AddressInputSchema>

export const AddressSchema = v.object({
  id: v.number(),
  clientId: v.number(),
  label: v.string(),
  recipientName: v.string(),
  address: v.string(),
  city: v.string(),
  stateProvince: v.string(),
  zipcode: v.string(),
  countryId: v.number(),
  countryName: v.nullable(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
})
export type Address = v.InferOutput<typeof AddressSchema>

/** GET /api/client/{id}/addresses: every saved address, by label. */
export const AddressListSchema = v.array(AddressSchema)

export const AddressParamsSchema = v.object({ id: IdParam, addressId: IdParam })

// ---------- mail handling ----------

/**
 * What the mailroom does with a client's incoming mail: 'scan-all' opens and scans every piece (the
 * default); 'envelope-first' scans the envelope and lets the client choose. Service of process and state
 * mail are always opened and scanned, whatever the mode.
 */
export const MAIL_HANDLING_MODES = ['scan-all', 'envelope-first'] as const
export type MailHandlingMode = (typeof MAIL_HANDLING_MODES)[number]
export const DEFAULT_MAIL_HANDLING: MailHandlingMode = 'scan-all'

/** GET and PUT /api/client/{id}/mail-handling. */
const MODE_MESSAGE = `must be one of ${MAIL_HANDLING_MODES.join(', ')}`
export const MailHandlingSchema = v.object({ mode: v.picklist(MAIL_HANDLING_MODES, MODE_MESSAGE) }, (issue) =>
  issue.path?.length ? MODE_MESSAGE : 'Send the mail handling as a JSON object',
)
export type MailHandling = v.InferOutput<typeof MailHandlingSchema>
