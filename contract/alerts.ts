import * as v from 'valibot'

/** A service of process that waits for the client to open it. */
export const UrgentDocumentSchema = v.object({
  id: v.number(),
  clientId: v.number(),
  companyName: v.string(),
  fileName: v.string(),
  /** YYYY-MM-DD. */
  dateReceived: v.string(),
  uploadedAt: v.string(),
})
export type UrgentDocument = v.InferOutput<typeof UrgentDocumentSchema>

/** GET /client/action-required/{clientId} and GET /documents/overdue-service. */
export const UrgentDocumentListSchema = v.object({ documents: v.array(UrgentDocumentSchema) })

export const DocumentAlertSchema = v.object({
  /** 'first' on upload; 'escalation' when still unopened after 24 hours. */
  round: v.picklist(['first', 'escalation']),
  channel: v.picklist(['push', 'email', 'staff']),
  /** An e-mail address, a number of devices, or 'staff dashboard'. */
  recipient: v.string(),
  /** The portal user alerted, when it was one (the attorney is not). */
  userEmail: v.nullable(v.string()),
  at: v.string(),
})
export type DocumentAlert = v.InferOutput<typeof DocumentAlertSchema>

/** GET /document/{id}/alerts: who was alerted and when, oldest first. */
export const DocumentAlertListSchema = v.object({ alerts: v.array(DocumentAlertSchema) })
