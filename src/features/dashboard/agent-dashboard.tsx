import { PERM, usePermission } from '~/lib/permissions'
import { useRequiredSession } from '~/lib/session'
import { PageHeader } from '~/features/shell'
import { QuickLinks, type QuickLink } from './quick-links'

/** The provider staff's home: shortcuts to the work, limited to what the role may open. */
export function AgentDashboard() {
  const { user } = useRequiredSession()
  const canViewUsers = usePermission(PERM.UCV)
  const canViewRoles = usePermission(PERM.RCV)
  const canViewDocuments = usePermission(PERM.DCV)
  const canViewInvoices = usePermission(PERM.ICV)

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
      <QuickLinks label="Work" links={links} />
    </>
  )
}
