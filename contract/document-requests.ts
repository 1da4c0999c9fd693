import * as v from 'valibot'
import { AddressLabelSchema, AddressSchema, MAILING_ADDRESS_LIMITS as LIMITS } from './addresses'
import { BodyId, idParam, multiLine, pageOf, PageQuerySchema, REQUIRED_MESSAGE, singleLine, type ListParams } from './common'
import { ShipmentChoiceSchema } from './shipping'

export * from './request-statuses'

export const RequestStatusListSchema = v.array(v.object({ id: v.number(), name: v.string() }))

const text = (label: string, max: number) =>
  v.pipe(v.string(), v.trim(), v.minLength(1, REQUIRED_MESSAGE), v.maxLength(max, `${label} cannot exceed ${max} characters`), singleLine(label))

/**
 * POST /client/document-request. Address fields left out are taken from the client's profile (the form
 * pre-fills them from it); recipientName defaults to the company name. With saveAddressAs, the mailing
 * address is also saved in the client's address book under that label, in the same transaction: a
 * refused request saves nothing. With addressId, a saved address is the mailing address instead.
 */
export const CreateDocumentRequestSchema = v.object({
  documentIds: v.pipe(
    v.array(BodyId('must be a document id')),
    v.minLength(1, 'Choose at least one document'),
    v.maxLength(20, 'At most 20 documents can be requested at once'),
  ),
  recipientName: v.optional(text('Recipient name', LIMITS.recipientName)),
  address: v.optional(text('Address', LIMITS.address)),
  city: v.optional(text('City', LIMITS.city)),
  stateProvince: v.optional(text('State', LIMITS.stateProvince)),
  zipcode: v.optional(text('Postal/Zip Code', LIMITS.zipcode)),
  countryId: v.optional(BodyId('must be a country id')),
  saveAddressAs: v.optional(AddressLabelSchema),
  /**
   * Forward to a saved address (GET /api/client/{id}/addresses): its fields are the mailing address.
   * Not with address fields or saveAddressAs.
   */
  addressId: v.optional(BodyId('must be an address id')),
  /**
   * The carrier and speed (GET /api/shipping-options): an active option. Left out, the first active
   * option is used. Its price is charged on one invoice for the whole shipment.
   */
  shippingOptionId: v.optional(BodyId('must be a shipping option id')),
})
export type CreateDocumentRequest = v.InferInput<typeof CreateDocumentRequestSchema>

/**
 * PATCH /document-request/{id}/status: moves the whole shipment (every document requested with it).
 * Mailed (3) needs trackingNumber, and carrier unless the shipment's chosen carrier is meant.
 */
export const UpdateDocumentRequestStatusSchema = v.object({
  status: v.picklist([1, 2, 3, 4, 5], 'status must be 1 to 5'),
  carrier: v.optional(text('Carrier', 60)),
  trackingNumber: v.optional(text('Tracking number', 60)),
  note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'Note cannot exceed 500 characters'), multiLine('Note'))),
})
export type UpdateDocumentRequestStatus = v.InferInput<typeof UpdateDocumentRequestStatusSchema>

export const DocumentRequestEventSchema = v.object({
  id: v.number(),
  status: v.number(),
  statusName: v.string(),
  note: v.nullable(v.string()),
  carrier: v.nullable(v.string()),
  trackingNumber: v.nullable(v.string()),
  /** Who made the change: 'client', 'agent', or null when unknown (user removed). */
  by: v.nullable(v.picklist(['client', 'agent'])),
  createdAt: v.string(),
})
export type DocumentRequestEvent = v.InferOutput<typeof DocumentRequestEventSchema>

export const DocumentRequestSchema = v.object({
  id: v.number(),
  status: v.number(),
  statusName: v.string(),
  documentId: v.number(),
  document: v.object({
    id: v.number(),
    documentTypeNavigation: v.object({ name: v.string() }),
    jurisdiction: v.number(),
    dateReceived: v.string(),
    status: v.picklist(['active', 'shredded']),
  }),
  clientId: v.number(),
  client: v.object({ id: v.number(), companyName: v.string() }),
  recipientName: v.string(),
  address: v.string(),
  city: v.string(),
  stateProvince: v.string(),
  zipcode: v.string(),
  countryId: v.nullable(v.number()),
  countryName: v.nullable(v.string()),
  /** The carrier it left with (set when Mailed). */
  carrier: v.nullable(v.string()),
  trackingNumber: v.nullable(v.string()),
  /** The carrier's tracking page for the tracking number, when the carrier has one. */
  trackingUrl: v.nullable(v.string()),
  /** The shipment (one envelope) of the documents requested together; null for a request made before shipments. */
  shipmentId: v.nullable(v.number()),
  /** The carrier, speed and price chosen, and the invoice of the charge; null before shipments. */
  shipping: v.nullable(ShipmentChoiceSchema),
  /** Every document of the shipment with its request (this one's included), moved together. */
  documents: v.array(
    v.object({
      requestId: v.number(),
      id: v.number(),
      documentTypeNavigation: v.object({ name: v.string() }),
      dateReceived: v.string(),
    }),
  ),
  createdAt: v.string(),
  updatedAt: v.string(),
  /** Statuses the caller may move this request to now. */
  allowedStatuses: v.array(v.number()),
})
export type DocumentRequest = v.InferOutput<typeof DocumentRequestSchema>

export const DocumentRequestDetailSchema = v.object({
  ...DocumentRequestSchema.entries,
  events: v.array(DocumentRequestEventSchema),
})
export type DocumentRequestDetail = v.InferOutput<typeof DocumentRequestDetailSchema>

export const DocumentRequestPageSchema = pageOf(DocumentRequestSchema)
export const CreatedDocumentRequestsSchema = v.object({
  /** One per document, all of one shipment. */
  documentRequests: v.array(DocumentRequestSchema),
  /** The address saved in the address book, when the request asked for it (saveAddressAs). */
  savedAddress: v.optional(AddressSchema),
})
export type CreatedRequests = v.InferOutput<typeof CreatedDocumentRequestsSchema>

export const DOCUMENT_REQUEST_SORTS = ['createdAt', 'updatedAt', 'status', 'company', 'type'] as const

/** GET /client/document-requests. Default: newest first. */
export const DocumentRequestListQuerySchema = v.object({
  ...PageQuerySchema.entries,
  sort: v.optional(v.picklist(DOCUMENT_REQUEST_SORTS, `must be one of ${DOCUMENT_REQUEST_SORTS.join(', ')}`)),
  status: v.optional(v.pipe(v.picklist(['1', '2', '3', '4', '5'], 'must be 1 to 5'), v.transform(Number))),
  /** 'true': only Requested or Processing. */
  open: v.optional(
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((s) => s === 'true'),
    ),
  ),
  documentId: v.optional(idParam('must be a document id')),
  /** Agents only: one client's requests. */
  clientId: v.optional(idParam('must be a client id')),
})
export type DocumentRequestListParams = ListParams<typeof DocumentRequestListQuerySchema>
