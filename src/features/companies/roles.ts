import type { TeamRole } from '@contract/team'

/**
 * What each role of a company's team reaches, as the server's access areas say (server/auth/policy.ts):
 * documents and mail requests (owner, member), billing (owner, billing), the account (the profile's
 * changes and the team: owners only), and what every one of them sees (the dashboard, support, the
 * profile as read).
 */
export type ClientArea = 'documents' | 'billing' | 'account' | 'shared'

const AREA_ROLES: Record<ClientArea, readonly TeamRole[]> = {
  documents: ['owner', 'member'],
  billing: ['owner', 'billing'],
  account: ['owner'],
  shared: ['owner', 'member', 'billing'],
}

/** Whether `role` opens `area`; an unknown role (not loaded yet, or staff) hides nothing: the server decides. */
export function roleOpens(role: TeamRole | null | undefined, area: ClientArea): boolean {
  return role == null || AREA_ROLES[area].includes(role)
}

/** The client pages and their area (the longest matching prefix wins; anything else is shared). */
const PAGE_AREAS: [prefix: string, area: ClientArea][] = [
  ['/client/documents', 'documents'],
  ['/client/requested-documents', 'documents'],
  ['/client/document-request', 'documents'],
  ['/client/document-progress', 'documents'],
  ['/client/invoices', 'billing'],
  ['/client/addons', 'billing'],
  ['/client/team', 'account'],
]

/** The area of a client page, from its path. */
export function clientPageArea(pathname: string): ClientArea {
  const found = PAGE_AREAS.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))
  return found ? found[1] : 'shared'
}

export const ROLE_DENIED_TITLE = 'Your role in this company does not include this'
