import * as v from 'valibot'

/**
 * The dashboards' figures, one call each: GET /api/dashboard/client (a client: what needs it) and
 * GET /api/dashboard/provider (staff: today's work). Counts are those of the lists the cards link to.
 * A provider card the caller may not open is null.
 */

export const ClientDashboardSchema = v.object({
  unreadDocuments: v.object({
    count: v.number(),
    /** The unread document with the fewest days left before shredding. */
    mostUrgent: v.nullable(v.object({ id: v.number(), name: v.string(), uploadedAt: v.string(), daysLeft: v.number() })),
  }),
  invoices: v.object({
    unpaidCount: v.number(),
    overdueCount: v.number(),
    /** Dollars due over unpaid and overdue invoices. */
    totalDue: v.number(),
  }),
  mailRequests: v.object({
    /** Requested or Processing. */
    inProgress: v.number(),
    latest: v.array(v.object({ id: v.number(), documentName: v.string(), status: v.number(), updatedAt: v.string() })),
  }),
  support: v.object({ open: v.number(), withNewReply: v.number() }),
  recentActivity: v.array(v.object({ id: v.number(), message: v.string(), createdAt: v.string() })),
})
export type ClientDashboard = v.InferOutput<typeof ClientDashboardSchema>

export const ProviderDashboardSchema = v.object({
  /** Documents uploaded since midnight in Florida (DCV). */
  documentsUploadedToday: v.nullable(v.number()),
  /** Mail requests by status: Requested (1) and Processing (2) (DCV). */
  mailRequestsWaiting: v.nullable(v.object({ requested: v.number(), processing: v.number() })),
  /** Open support conversations whose last message is the client's (SPV). */
  unansweredSupport: v.nullable(v.number()),
  /** Overdue invoices across clients and their total in dollars (ICV). */
  overdueInvoices: v.nullable(v.object({ count: v.number(), total: v.number() })),
  /** Documents with an open mail request and 7 days or fewer before shredding (DCV). */
  shreddingSoon: v.nullable(
    v.object({
      count: v.number(),
      items: v.array(v.object({ documentId: v.number(), requestId: v.number(), companyName: v.string(), documentName: v.string(), daysLeft: v.number() })),
    }),
  ),
})
export type ProviderDashboard = v.InferOutput<typeof ProviderDashboardSchema>

/** Days before shredding under which a document with an open request is "about to be shredded". */
export const SHRED_SOON_DAYS = 7
