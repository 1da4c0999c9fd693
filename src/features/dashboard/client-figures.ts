import type { ClientDashboard } from '@contract/dashboard'
import { daysText } from '~/lib/counts'
import { formatMoney } from '~/lib/money'

/**
 * What the client dashboard's cards say, in words: the page (client-dashboard.tsx) and its frame's early
 * fill (client-dashboard-frame.ts) both show these, so the two never differ. Kept free of the app's
 * heavier modules (the validation library, the date helpers): the early fill loads it before them.
 */
type Figures = ClientDashboard

/** The client dashboard's call (GET /api/dashboard/client), under the API base. */
export const CLIENT_DASHBOARD_PATH = '/dashboard/client'

export function unreadDocumentsLine(unread: Figures['unreadDocuments']): string {
  const urgent = unread.mostUrgent
  return urgent ? `Most urgent: ${urgent.name}, ${daysText(urgent.daysLeft)} to request it by mail` : 'Nothing new to read.'
}

export const totalDueText = (invoices: Figures['invoices']) => formatMoney(invoices.totalDue)

export function invoicesDueLine({ unpaidCount, overdueCount }: Figures['invoices']): string {
  return unpaidCount + overdueCount === 0 ? 'All paid. Thank you.' : `${unpaidCount + overdueCount} invoices due`
}

export const NO_REQUESTS_LINE = 'No documents on their way to you.'

export function supportLine(support: Figures['support']): string {
  const replies = support.withNewReply === 1 ? '1 conversation has a new reply' : `${support.withNewReply} conversations have a new reply`
  return `${replies} · ${support.open} open`
}
