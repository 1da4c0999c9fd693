import type { TeamRole } from '@contract/team'
import type { AppPath } from '~/lib/app-path'
import { clientPageArea, roleOpens } from '~/features/companies/roles'
import { PERM, sessionHasPermission } from '~/lib/permissions'
import { userKind, type Session } from '~/lib/session'
import {
  AddOnsIcon,
  ClientsIcon,
  DashboardIcon,
  DocumentsIcon,
  InvoicesIcon,
  RequestsIcon,
  RolesIcon,
  ShippingIcon,
  SupportIcon,
  UsersIcon,
} from '~/ui/shell-icons'
import { InboxIcon, UploadIcon, type IconComponent } from '~/ui/icons'

export interface NavItem {
  label: string
  to: AppPath
  icon: IconComponent
}

/** The client menu (the external FAQs link is added from configuration). */
const clientMenu: NavItem[] = [
  { label: 'Dashboard', to: '/client/dashboard', icon: DashboardIcon },
  { label: 'Documents List', to: '/client/documents', icon: DocumentsIcon },
  { label: 'Invoices', to: '/client/invoices', icon: InvoicesIcon },
  { label: 'Add-Ons', to: '/client/addons', icon: AddOnsIcon },
  { label: 'Requested Documents', to: '/client/requested-documents', icon: RequestsIcon },
  { label: 'Support', to: '/client/support', icon: SupportIcon },
]

/**
 * The client menu without what the person's role in the session's company does not reach (a member:
 * no Invoices or Add-Ons; billing: no documents or mail requests); with the role unknown, all of it.
 * The provider menu; Users only with UCV, Roles only with RCV, Shipping options only with SHE; the support
 * inbox with SPV.
 */
export function navItemsFor(session: Session, role: TeamRole | null = null): NavItem[] {
  const kind = userKind(session.user)
  if (kind === 'client') return clientMenu.filter((item) => roleOpens(role, clientPageArea(item.to)))
  if (kind !== 'agent') return []
  const items: NavItem[] = [
    { label: 'Dashboard', to: '/provider/dashboard', icon: DashboardIcon },
    { label: 'Clients', to: '/provider/clients', icon: ClientsIcon },
    { label: 'Requested Documents', to: '/provider/requested-documents', icon: RequestsIcon },
    { label: 'Upload Documents', to: '/provider/documents/add', icon: UploadIcon },
  ]
  if (sessionHasPermission(session, PERM.DCV)) items.push({ label: 'Mail actions', to: '/provider/mail-actions', icon: InboxIcon })
  if (sessionHasPermission(session, PERM.UCV)) items.push({ label: 'Users', to: '/provider/users', icon: UsersIcon })
  if (sessionHasPermission(session, PERM.RCV)) items.push({ label: 'Roles', to: '/provider/roles', icon: RolesIcon })
  if (sessionHasPermission(session, PERM.SHE)) items.push({ label: 'Shipping options', to: '/provider/shipping-options', icon: ShippingIcon })
  if (sessionHasPermission(session, PERM.SPV)) items.push({ label: 'Support', to: '/provider/support', icon: SupportIcon })
  return items
}
