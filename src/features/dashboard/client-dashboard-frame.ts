import type { ClientDashboard } from '@contract/dashboard'
import { requestStatusName } from '@contract/request-statuses'
import { invoicesDueLine, NO_REQUESTS_LINE, supportLine, totalDueText, unreadDocumentsLine } from './client-figures'

/**
 * Shows the client dashboard's figures in the page's frame (the HTML the server sent, before the app's
 * scripts): the entry fetched them (app/early-call.ts). Each card's figure and lines go where the frame
 * has its placeholders (`data-fill` in figure-card.tsx), as plain text; the app's page, which replaces
 * the frame a moment later, adds the links. `find` looks in what of the frame's page is still on screen.
 * Nothing changes unless every card's words could be made.
 */
export function fillClientDashboardFrame(data: unknown, find: (selector: string) => Element | null): void {
  const figures = data as ClientDashboard
  let cards: [name: string, figure: string, lines: string[]][]
  try {
    const requests = figures.mailRequests
    cards = [
      ['unread-documents', String(figures.unreadDocuments.count), [unreadDocumentsLine(figures.unreadDocuments)]],
      ['invoices', totalDueText(figures.invoices), [invoicesDueLine(figures.invoices)]],
      [
        'mail-requests',
        String(requests.inProgress),
        requests.latest.length ? requests.latest.map((request) => `${request.documentName}: ${requestStatusName(request.status)}`) : [NO_REQUESTS_LINE],
      ],
      ['support', String(figures.support.withNewReply), [supportLine(figures.support)]],
    ]
  } catch {
    // An answer of another shape: the app's page shows it (or says what is wrong).
    return
  }
  for (const [name, figure, lines] of cards) {
    const card = find(`[data-card="${name}"]`)
    const figureSlot = card?.querySelector('[data-fill="figure"]')
    const detailSlot = card?.querySelector('[data-fill="detail"]')
    if (!figureSlot || !detailSlot) continue
    figureSlot.textContent = figure
    detailSlot.replaceChildren(...lines.map((line) => Object.assign(document.createElement('p'), { textContent: line })))
  }
}
