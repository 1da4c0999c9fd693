import * as v from 'valibot'

/**
 * The dashboards' figures, one call each: GET /api/dashboard/client (a client: what needs it) and
 * GET /api/dashboard/provider (staff: today's work). Counts are those of the lists the cards link to.
 * A provider card the caller may not open is null.
 */

/** What one row of the client's recent activity is about: the page it opens. */
export const ActivitySchema = v.object({
  id: v.number(),
  message: v.string(),
  createdAt: v.string(),
  /** new-mail, service-of-process, mail-request, invoice or general (contract/preferences.ts). */
  kind: v.string(),
  documentId: v.nullable(v.number()),
  documentRequestId: v.nullable(v.number()),
  supportConversationId: v.nullable(v.number()),
  /** The invoice an invoice notice names (its number is in the message); null for a payment of several. */
  invoiceId: v.nullable(v.number()),
})
export type Activity = v.InferOutput<typeof ActivitySchema>

export const ClientDashboardSchema = v.object({
  /**
   * The signed-in user had signed in before the sign-in of this session: the greeting says "Welcome back"
   * rather than "Welcome".
   */
  signedInBefore: v.boolean(),
  /** The client's service with the provider: its address service, registered agent and mailbox. */
  account: v.object({
    /** The address service held (registered agent, alone or with mail forwarding); null when none. */
    service: v.nullable(v.object({ name: v.string(), packageName: v.nullable(v.string()), active: v.boolean() })),
    /** The provider as the client's registered agent: its name and Florida street address (COMPANY_LOCATION). */
    registeredAgent: v.object({ name: v.nullable(v.string()), address: v.string() }),
    /** The client's mailbox at the provider; null when it has none. */
    mailboxNumber: v.nullable(v.string()),
  }),
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
    /** The unpaid and overdue invoices, oldest due first, as many as one payment takes: what Pay pays. */
    payableIds: v.array(v.number()),
  }),
  mailRequests: v.object({
    /** Requested or Processing. */
    inProgress: v.number(),
    latest: v.array(v.object({ id: v.number(), documentName: v.string(), status: v.number(), updatedAt: v.string() })),
  }),
  support: v.object({ open: v.number(), withNewReply: v.number() }),
  recentActivity: v.array(ActivitySchema),
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
