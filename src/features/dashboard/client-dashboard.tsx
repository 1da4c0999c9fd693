import type { ClientDashboard as Figures } from '@contract/dashboard'
import { requestStatusName } from '@contract/document-requests'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { DeadlinesPanel } from '~/features/deadlines'
import { notificationTarget } from '~/features/notifications'
import { PageHeader } from '~/ui/page-header'
import { errorMessage } from '~/lib/api-client'
import { daysText, formatDateTime } from '~/lib/dates'
import { formatMoney } from '~/lib/money'
import { useRequiredSession } from '~/lib/session'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Panel } from '~/ui/card'
import { LoadError, SavedAtNote } from '~/ui/list-page'
import { AccountPanel } from './account-panel'
import { clientDashboardQueryOptions, dashboardKeys } from './api'
import { cardLink, cardText, dashboardGrid, FigureCard } from './figure-card'
import { SecondFactorSuggestion } from './second-factor-suggestion'

// Paying is the invoices' own dialog, with its card form and processor script: it loads when Pay is
// pressed (or pointed at), not with the dashboard.
const PayInvoicesDialog = lazy(() => import('~/features/invoices/pay-invoices-dialog'))
const preloadPayDialog = () => void import('~/features/invoices/pay-invoices-dialog')

const stack = css({ display: 'flex', flexDirection: 'column', gap: '6' })
const activity = css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '2', fontSize: 'sm' })
const activityLink = css({ color: 'fg.default', textDecoration: 'underline', textDecorationColor: 'border.strong', _hover: { color: 'fg.accent' } })
const allNotifications = css({ mt: '3' })
const lowerGrid = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' })

function UnreadDocumentsCard({ figures }: { figures?: Figures }) {
  const unread = figures?.unreadDocuments
  return (
    <FigureCard
      title="Unread documents"
      loading={!unread}
      figure={unread?.count}
      actions={
        <Link to="/client/documents" search={{ isRead: 'unread' }} className={cardLink}>
          View unread documents
        </Link>
      }
    >
      {unread && <p className={cardText}>{unreadDocumentsLine(unread)}</p>}
    </FigureCard>
  )
}

function InvoicesDueCard({ figures, onPay }: { figures?: Figures; onPay: (invoiceIds: number[]) => void }) {
  if (!figures) {
    return (
      <FigureCard
        title="Invoices to pay"
        loading
        actions={
          <Link to="/client/invoices" className={cardLink}>
            View invoices
          </Link>
        }
      />
    )
  }
  const { unpaidCount, overdueCount, payableIds } = figures.invoices
  return (
    <FigureCard
      title="Invoices to pay"
      figure={totalDueText(figures.invoices)}
      actions={
        <>
          {payableIds.length > 0 && (
            <Button onClick={() => onPay(payableIds)} onPointerEnter={preloadPayDialog} onFocus={preloadPayDialog}>
              Pay
            </Button>
          )}
          <Link to="/client/invoices" search={{ status: 'unpaid' }} className={cardLink}>
            {unpaidCount} unpaid
          </Link>
          <Link to="/client/invoices" search={{ status: 'overdue' }} className={cardLink}>
            {overdueCount} overdue
          </Link>
        </>
      }
    >
      <p className={cardText}>{invoicesDueLine(figures.invoices)}</p>
    </FigureCard>
  )
}

function MailRequestsCard({ figures }: { figures?: Figures }) {
  const requests = figures?.mailRequests
  return (
    <FigureCard
      title="Mail requests in progress"
      loading={!requests}
      figure={requests?.inProgress}
      actions={
        <Link to="/client/requested-documents" search={{ status: 'open' }} className={cardLink}>
          View requests in progress
        </Link>
      }
    >
      {!requests?.latest.length ? (
        <p className={cardText}>{NO_REQUESTS_LINE}</p>
      ) : (
        requests.latest.map((request) => (
          <p key={request.id} className={cardText}>
            <Link to="/client/document-progress/$id" params={{ id: String(request.id) }} className={cardLink}>
              {request.documentName}
            </Link>
            : {requestStatusName(request.status)}
          </p>
        ))
      )}
    </FigureCard>
  )
}

function SupportCard({ figures }: { figures?: Figures }) {
  const support = figures?.support
  return (
    <FigureCard
      title="Support replies"
      loading={!support}
      figure={support?.withNewReply}
      actions={
        <Link to="/client/support" className={cardLink}>
          Open support
        </Link>
      }
    >
      {support && <p className={cardText}>{supportLine(support)}</p>}
    </FigureCard>
  )
}

/** The latest notifications, each a link to what it is about (the document, invoice, request or reply). */
function RecentActivity({ figures }: { figures: Figures }) {
  const { user } = useRequiredSession()
  return (
    <Panel title="Recent activity">
      {figures.recentActivity.length === 0 ? (
        <p className={cardText}>Nothing yet.</p>
      ) : (
        <ul className={activity}>
          {figures.recentActivity.map((item) => (
            <li key={item.id}>
              <Link {...notificationTarget({ ...item, clientId: user.clientId }, user)} className={activityLink}>
                {item.message}
              </Link>{' '}
              <span className={cardText}>· {formatDateTime(item.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className={cx(cardText, allNotifications)}>
        <Link to="/notifications" className={cardLink}>
          All notifications
        </Link>
      </p>
    </Panel>
  )
}

/**
 * The client's home: what needs attention first (unread documents, invoices to pay, mail requests
 * under way, support replies), each card linking to its list filtered, and Pay opening the payment of
 * every invoice due; then the client's service (address service, registered agent, mailbox) and recent
 * activity. Offline it shows the figures last saved, with their time. The greeting is "Welcome" until
 * the server says the user has signed in before. Last, for a client without a second factor, the
 * suggestion to turn two-step sign-in on.
 */
export function ClientDashboard() {
  const { user } = useRequiredSession()
  const queryClient = useQueryClient()
  const query = useQuery(clientDashboardQueryOptions())
  const [paying, setPaying] = useState<string[] | null>(null)
  const figures = query.data
  // However the dialog ends (paid, or closed after someone else paid), the figures are read again.
  const closePayment = () => {
    setPaying(null)
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.client() })
  }
  const welcome = figures?.signedInBefore ? 'Welcome back' : 'Welcome'
  const greeting = user.firstName ? `${welcome}, ${user.firstName}` : welcome
  return (
    <>
      <PageHeader title="Dashboard" description={user.companyName ? `${greeting} · ${user.companyName}` : greeting} />
      <div className={stack}>
        <SavedAtNote updatedAt={query.dataUpdatedAt} hasData={Boolean(figures)} subject="your dashboard" />
        {query.isError && !figures && (
          <LoadError title="The dashboard could not be loaded" onRetry={() => void query.refetch()}>
            {errorMessage(query.error)}
          </LoadError>
        )}
        {!(query.isError && !figures) && (
          <section aria-label="What needs your attention" aria-busy={query.isPending || undefined}>
            <ul className={dashboardGrid}>
              <UnreadDocumentsCard figures={figures} />
              <InvoicesDueCard figures={figures} onPay={(ids) => setPaying(ids.map(String))} />
              <MailRequestsCard figures={figures} />
              <SupportCard figures={figures} />
            </ul>
          </section>
        )}
        <Alert status="info" title="Documents are kept for 60 days">
          You can ask us to mail a document to you within 60 days of its upload. After that it is shredded.
        </Alert>
        <div className={lowerGrid}>
          <AccountPanel account={figures?.account} clientId={user.clientId!} />
          <DeadlinesPanel clientId={user.clientId!} canAct />
        </div>
        {figures && <RecentActivity figures={figures} />}
        <SecondFactorSuggestion userId={user.id} ready={Boolean(figures)} />
      </div>
      {paying && (
        <Suspense fallback={null}>
          <PayInvoicesDialog invoiceIds={paying} onClose={closePayment} onPaid={closePayment} />
        </Suspense>
      )}
    </>
  )
}

// What the cards say, in words.
function unreadDocumentsLine(unread: Figures['unreadDocuments']): string {
  const urgent = unread.mostUrgent
  return urgent ? `Most urgent: ${urgent.name}, ${daysText(urgent.daysLeft)} to request it by mail` : 'Nothing new to read.'
}

const totalDueText = (invoices: Figures['invoices']) => formatMoney(invoices.totalDue)

function invoicesDueLine({ unpaidCount, overdueCount }: Figures['invoices']): string {
  return unpaidCount + overdueCount === 0 ? 'All paid. Thank you.' : `${unpaidCount + overdueCount} invoices due`
}

const NO_REQUESTS_LINE = 'No documents on their way to you.'

function supportLine(support: Figures['support']): string {
  const replies = support.withNewReply === 1 ? '1 conversation has a new reply' : `${support.withNewReply} conversations have a new reply`
  return `${replies} · ${support.open} open`
}
