import type { ProviderDashboard as Figures } from '@contract/dashboard'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { PageHeader } from '~/ui/page-header'
import { errorMessage } from '~/lib/api-client'
import { daysText } from '~/lib/dates'
import { PERM, usePermission } from '~/lib/permissions'
import { useRequiredSession } from '~/lib/session'
import { LoadError, SavedAtNote } from '~/ui/list-page'
import { Spinner } from '~/ui/spinner'
import { providerDashboardQueryOptions } from './api'
import { cardLink, cardText, dashboardGrid, FigureCard } from './figure-card'
import { QuickLinks, type QuickLink } from './quick-links'

const stack = css({ display: 'flex', flexDirection: 'column', gap: '6' })
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

function TodayCards({ figures }: { figures: Figures }) {
  return (
    <ul className={dashboardGrid}>
      {figures.documentsUploadedToday !== null && (
        <FigureCard
          title="Documents uploaded today"
          figure={figures.documentsUploadedToday}
          actions={
            <Link to="/provider/documents" search={{ sort: 'uploadedAt', order: 'desc' }} className={cardLink}>
              View newest documents
            </Link>
          }
        />
      )}
      {figures.mailRequestsWaiting && (
        <FigureCard
          title="Mail requests waiting"
          figure={figures.mailRequestsWaiting.requested + figures.mailRequestsWaiting.processing}
          actions={
            <>
              <Link to="/provider/requested-documents" search={{ status: 'requested' }} className={cardLink}>
                {figures.mailRequestsWaiting.requested} requested
              </Link>
              <Link to="/provider/requested-documents" search={{ status: 'processing' }} className={cardLink}>
                {figures.mailRequestsWaiting.processing} processing
              </Link>
            </>
          }
        />
      )}
      {figures.unansweredSupport !== null && (
        <FigureCard
          title="Unanswered support messages"
          figure={figures.unansweredSupport}
          actions={
            <Link to="/provider/support" search={{ status: 'unanswered' }} className={cardLink}>
              Open the support inbox
            </Link>
          }
        />
      )}
      {figures.overdueInvoices && (
        <FigureCard
          title="Overdue invoices"
          figure={figures.overdueInvoices.count}
          actions={
            <Link to="/provider/invoices" search={{ status: 'overdue' }} className={cardLink}>
              View overdue invoices
            </Link>
          }
        >
          <p className={cardText}>{usd.format(figures.overdueInvoices.total)} across clients</p>
        </FigureCard>
      )}
      {figures.shreddingSoon && (
        <FigureCard
          title="Requested documents about to be shredded"
          figure={figures.shreddingSoon.count}
          actions={
            <Link to="/provider/requested-documents" search={{ status: 'open' }} className={cardLink}>
              View open requests
            </Link>
          }
        >
          {figures.shreddingSoon.items.map((item) => (
            <p key={item.requestId} className={cardText}>
              <Link to="/provider/document-progress/$id" params={{ id: String(item.requestId) }} className={cardLink}>
                {item.documentName}
              </Link>{' '}
              for {item.companyName}: {daysText(item.daysLeft)} left
            </p>
          ))}
        </FigureCard>
      )}
    </ul>
  )
}

/** The provider staff's home: today's work (each card with its filtered list), then shortcuts. */
export function AgentDashboard() {
  const { user } = useRequiredSession()
  const canViewUsers = usePermission(PERM.UCV)
  const canViewRoles = usePermission(PERM.RCV)
  const canViewDocuments = usePermission(PERM.DCV)
  const canViewInvoices = usePermission(PERM.ICV)
  const query = useQuery(providerDashboardQueryOptions())

  const links: QuickLink[] = [
    { to: '/provider/clients', title: 'Clients', description: 'Find a client, open their profile, invoices and documents.' },
    { to: '/provider/add-client', title: 'Add Client', description: 'Set up a new client company step by step.' },
    { to: '/provider/documents/add', title: 'Upload Documents', description: 'Upload scanned mail for a client.' },
    { to: '/provider/requested-documents', title: 'Requested Documents', description: 'Documents clients asked to receive by mail.' },
  ]
  if (canViewDocuments) links.push({ to: '/provider/documents', title: 'All Documents', description: 'Every document across clients.' })
  if (canViewInvoices) links.push({ to: '/provider/invoices', title: 'All Invoices', description: 'Every invoice across clients.' })
  if (canViewUsers) links.push({ to: '/provider/users', title: 'Users', description: 'Staff accounts and their roles.' })
  if (canViewRoles) links.push({ to: '/provider/roles', title: 'Roles', description: 'What each staff role may do.' })

  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome, ${user.firstName || user.email} · ${user.role}`} />
      <div className={stack}>
        <SavedAtNote updatedAt={query.dataUpdatedAt} hasData={Boolean(query.data)} subject="the dashboard" />
        {query.isPending && <Spinner label="Loading today's work" />}
        {query.isError && !query.data && (
          <LoadError title="Today's work could not be loaded" onRetry={() => void query.refetch()}>
            {errorMessage(query.error)}
          </LoadError>
        )}
        {query.data && (
          <section aria-label="Today's work">
            <TodayCards figures={query.data} />
          </section>
        )}
        <QuickLinks label="Work" links={links} />
      </div>
    </>
  )
}
