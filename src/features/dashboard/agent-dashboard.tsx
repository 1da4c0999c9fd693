import type { ProviderDashboard as Figures } from '@contract/dashboard'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { AtRiskPanel } from '~/features/deadlines'
import { PageHeader } from '~/ui/page-header'
import { errorMessage } from '~/lib/api-client'
import { daysText } from '~/lib/dates'
import { PERM, usePermission } from '~/lib/permissions'
import { useRequiredSession } from '~/lib/session'
import { LoadError, SavedAtNote } from '~/ui/list-page'
import { providerDashboardQueryOptions } from './api'
import { cardLink, cardText, dashboardGrid, FigureCard } from './figure-card'
import { QuickLinks, type QuickLink } from './quick-links'
import { formatMoney } from '~/lib/money'

const stack = css({ display: 'flex', flexDirection: 'column', gap: '6' })

/** Which cards the caller's codes allow: known before the figures come, so the cards hold their place. */
type TodayCardsAllowed = { documents: boolean; support: boolean; invoices: boolean }

function TodayCards({ figures, allowed }: { figures?: Figures; allowed: TodayCardsAllowed }) {
  const shows = (figure: unknown, allowedToSee: boolean) => (figures ? figure !== null : allowedToSee)
  const loading = !figures
  return (
    <ul className={dashboardGrid}>
      {shows(figures?.documentsUploadedToday, allowed.documents) && (
        <FigureCard
          title="Documents uploaded today"
          loading={loading}
          figure={figures?.documentsUploadedToday}
          actions={
            <Link to="/provider/documents" search={{ sort: 'uploadedAt', order: 'desc' }} className={cardLink}>
              View newest documents
            </Link>
          }
        />
      )}
      {shows(figures?.mailRequestsWaiting, allowed.documents) && (
        <FigureCard
          title="Mail requests waiting"
          loading={loading}
          figure={figures?.mailRequestsWaiting && figures.mailRequestsWaiting.requested + figures.mailRequestsWaiting.processing}
          actions={
            figures?.mailRequestsWaiting ? (
              <>
                <Link to="/provider/requested-documents" search={{ status: 'requested' }} className={cardLink}>
                  {figures.mailRequestsWaiting.requested} requested
                </Link>
                <Link to="/provider/requested-documents" search={{ status: 'processing' }} className={cardLink}>
                  {figures.mailRequestsWaiting.processing} processing
                </Link>
              </>
            ) : (
              <Link to="/provider/requested-documents" className={cardLink}>
                View requests
              </Link>
            )
          }
        />
      )}
      {shows(figures?.unansweredSupport, allowed.support) && (
        <FigureCard
          title="Unanswered support messages"
          loading={loading}
          figure={figures?.unansweredSupport}
          actions={
            <Link to="/provider/support" search={{ status: 'unanswered' }} className={cardLink}>
              Open the support inbox
            </Link>
          }
        />
      )}
      {shows(figures?.overdueInvoices, allowed.invoices) && (
        <FigureCard
          title="Overdue invoices"
          loading={loading}
          figure={figures?.overdueInvoices?.count}
          actions={
            <Link to="/provider/invoices" search={{ status: 'overdue' }} className={cardLink}>
              View overdue invoices
            </Link>
          }
        >
          {figures?.overdueInvoices && <p className={cardText}>{formatMoney(figures.overdueInvoices.total)} across clients</p>}
        </FigureCard>
      )}
      {shows(figures?.shreddingSoon, allowed.documents) && (
        <FigureCard
          title="Requested documents about to be shredded"
          loading={loading}
          figure={figures?.shreddingSoon?.count}
          actions={
            <Link to="/provider/requested-documents" search={{ status: 'open' }} className={cardLink}>
              View open requests
            </Link>
          }
        >
          {figures?.shreddingSoon?.items.map((item) => (
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
  const canViewSupport = usePermission(PERM.SPV)
  const canRegister = usePermission(PERM.PCE)
  const query = useQuery(providerDashboardQueryOptions())

  const links: QuickLink[] = [
    { to: '/provider/clients', title: 'Clients', description: 'Find a client, open their profile, invoices and documents.' },
    ...(canRegister ? [{ to: '/provider/add-client', title: 'Add Client', description: 'Set up a new client company step by step.' } as const] : []),
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
        {query.isError && !query.data && (
          <LoadError title="Today's work could not be loaded" onRetry={() => void query.refetch()}>
            {errorMessage(query.error)}
          </LoadError>
        )}
        {!(query.isError && !query.data) && (
          <section aria-label="Today's work" aria-busy={query.isPending || undefined}>
            <TodayCards figures={query.data} allowed={{ documents: canViewDocuments, support: canViewSupport, invoices: canViewInvoices }} />
          </section>
        )}
        <AtRiskPanel />
        <QuickLinks label="Work" links={links} />
      </div>
    </>
  )
}
