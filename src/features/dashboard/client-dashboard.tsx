import type { ClientDashboard as Figures } from '@contract/dashboard'
import { requestStatusName } from '@contract/document-requests'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { PageHeader } from '~/ui/page-header'
import { errorMessage } from '~/lib/api-client'
import { formatDateTime } from '~/lib/dates'
import { useRequiredSession } from '~/lib/session'
import { actionLinkClass } from '~/ui/action-link'
import { Alert } from '~/ui/alert'
import { Panel } from '~/ui/card'
import { LoadError, SavedAtNote } from '~/ui/list-page'
import { clientDashboardQueryOptions } from './api'
import { invoicesDueLine, NO_REQUESTS_LINE, supportLine, totalDueText, unreadDocumentsLine } from './client-figures'
import { cardLink, cardText, dashboardGrid, FigureCard } from './figure-card'

const stack = css({ display: 'flex', flexDirection: 'column', gap: '6' })
const activity = css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '2', fontSize: 'sm' })

function UnreadDocumentsCard({ figures }: { figures?: Figures }) {
  const unread = figures?.unreadDocuments
  return (
    <FigureCard
      name="unread-documents"
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

function InvoicesDueCard({ figures }: { figures?: Figures }) {
  if (!figures) {
    return (
      <FigureCard
        name="invoices"
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
  const { unpaidCount, overdueCount } = figures.invoices
  return (
    <FigureCard
      name="invoices"
      title="Invoices to pay"
      figure={totalDueText(figures.invoices)}
      actions={
        <>
          {unpaidCount + overdueCount > 0 && (
            <Link to="/client/invoices" search={{ status: overdueCount > 0 ? 'overdue' : 'unpaid' }} className={actionLinkClass}>
              Pay
            </Link>
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
      name="mail-requests"
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
      name="support"
      title="Support replies"
      loading={!support}
      figure={support?.withNewReply}
      actions={
        <Link to="/client/support" className={cardLink}>
          Open support
        </Link>
      }
    >
      {support && (
        <p className={cardText}>{supportLine(support)}</p>
      )}
    </FigureCard>
  )
}

function RecentActivity({ figures }: { figures: Figures }) {
  return (
    <Panel title="Recent activity">
      {figures.recentActivity.length === 0 ? (
        <p className={cardText}>Nothing yet.</p>
      ) : (
        <ul className={activity}>
          {figures.recentActivity.map((item) => (
            <li key={item.id}>
              <span>{item.message}</span> <span className={cardText}>· {formatDateTime(item.createdAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className={cardText}>
        <Link to="/notifications" className={cardLink}>
          All notifications
        </Link>
      </p>
    </Panel>
  )
}

/**
 * The client's home: what needs attention first (unread documents, invoices to pay, mail requests
 * under way, support replies), each card linking to its list filtered, then recent activity. Offline
 * it shows the figures last saved, with their time.
 */
export function ClientDashboard() {
  const { user } = useRequiredSession()
  const query = useQuery(clientDashboardQueryOptions())
  const greeting = user.firstName ? `Welcome back, ${user.firstName}` : 'Welcome back'
  const figures = query.data
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
              <InvoicesDueCard figures={figures} />
              <MailRequestsCard figures={figures} />
              <SupportCard figures={figures} />
            </ul>
          </section>
        )}
        <Alert status="info" title="Documents are kept for 60 days">
          You can ask us to mail a document to you within 60 days of its upload. After that it is shredded.
        </Alert>
        {figures && <RecentActivity figures={figures} />}
      </div>
    </>
  )
}
