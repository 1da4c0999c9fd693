import { CompaniesResponseSchema, TeamListSchema, TeamMemberSchema, type Company, type TeamMemberInput, type TeamRole } from '@contract/team'
import { SessionResponseSchema } from '@contract/auth'
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api-client'
import { getSession, setSession, userKind, useSession, type Session } from '~/lib/session'

/**
 * The signed-in person's companies (GET /api/auth/companies, first company first) and the switch to
 * another (POST /api/auth/switch-company); a company's team (GET/POST/PATCH/DELETE
 * /api/client/{id}/team). The companies list is the person's, not a company's: it is kept in each
 * company's saved cache and put back into memory right after a switch.
 */
export const companyKeys = {
  companies: (userId: number) => ['auth', 'companies', userId] as const,
  team: (clientId: number) => ['clients', 'team', clientId] as const,
}

export const companiesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: companyKeys.companies(userId),
    queryFn: async ({ signal }) => {
      const { data } = await api.get('/auth/companies', { schema: CompaniesResponseSchema, signal })
      // Read at each start online: what this device saved of a company the person has left goes now.
      void import('./forget-left').then((module) => module.forgetLeftCompanies(userId, data))
      return data
    },
    staleTime: 5 * 60_000,
  })

let lastKnown: { userId: number; companies: Company[] } | null = null

/**
 * The signed-in client's companies (none for staff, who have no query). While a switch of company
 * empties the cache for a moment, the list last known for the same person stands in.
 */
export function useCompanies(): Company[] | undefined {
  const session = useSession()
  const isClient = session != null && userKind(session.user) === 'client'
  const userId = session?.user.id ?? 0
  const data = useQuery({ ...companiesQueryOptions(userId), enabled: isClient }).data
  if (!isClient) return undefined
  if (data) lastKnown = { userId, companies: data }
  return data ?? (lastKnown?.userId === userId ? lastKnown.companies : undefined)
}

/** The role of the session's company in a companies list; null when unknown (not loaded, staff). */
export function roleIn(companies: readonly Company[] | undefined, session: Pick<Session, 'user'> | null): TeamRole | null {
  const clientId = session?.user.clientId
  if (clientId == null) return null
  return companies?.find((company) => company.clientId === clientId)?.role ?? null
}

/** The signed-in person's role in the session's company; null while unknown (then nothing is hidden). */
export function useCompanyRole(): TeamRole | null {
  const companies = useCompanies()
  return roleIn(companies, useSession())
}

/** The role as the query cache knows it now, for route guards (null when not loaded yet). */
export function cachedCompanyRole(queryClient: QueryClient): TeamRole | null {
  const session = getSession()
  if (!session) return null
  return roleIn(queryClient.getQueryData<Company[]>(companyKeys.companies(session.user.id)), session)
}

/**
 * Switches the session to another company: a new token for it, stored as sign-in stores a session
 * (same permissions and "keep me signed in" choice). The current company's waiting cache save goes
 * first; the session change then parks its saved cache and brings back the other's (lib/query-client).
 */
export async function switchCompany(queryClient: QueryClient, clientId: number): Promise<void> {
  const current = getSession()
  if (!current) throw new Error('Sign in first')
  const answer = await api.post('/auth/switch-company', { clientId }, { schema: SessionResponseSchema })
  const companies = queryClient.getQueryData<Company[]>(companyKeys.companies(current.user.id))
  const { saveBeforeCompanySwitch, savedCacheSwitched } = await import('~/lib/query-client')
  await saveBeforeCompanySwitch()
  setSession({ ...current, token: answer.token, user: { ...current.user, ...answer.user } })
  await savedCacheSwitched()
  if (companies) queryClient.setQueryData(companyKeys.companies(current.user.id), companies)
}

/**
 * A company just added to the person's login (the sign-up wizard signed in): the companies list is read
 * again, so the switcher names it, and the session moves to it.
 */
export async function openAddedCompany(queryClient: QueryClient, clientId: number): Promise<void> {
  const current = getSession()
  if (!current) throw new Error('Sign in first')
  await queryClient.fetchQuery({ ...companiesQueryOptions(current.user.id), staleTime: 0 })
  await switchCompany(queryClient, clientId)
}

/**
 * The switch, then `onSwitched` (the dashboard of the company now current). Both live on the mutation,
 * not on one call of it: the menu that started it is rebuilt while the session changes.
 */
export function useSwitchCompany(onSwitched: () => void, onFailed: (error: unknown) => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (clientId: number) => switchCompany(queryClient, clientId),
    networkMode: 'always',
    onSuccess: onSwitched,
    onError: onFailed,
  })
}

// ---------- the team ----------

export const teamQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: companyKeys.team(clientId),
    queryFn: ({ signal }) => api.get(`/client/${clientId}/team`, { schema: TeamListSchema, signal }).then((answer) => answer.data),
  })

/** Adding, changing the role of and removing a person; each reads the team again after. Never queued. */
export function useTeamChanges(clientId: number) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: companyKeys.team(clientId) })
  const add = useMutation({
    mutationFn: (person: TeamMemberInput) => api.post(`/client/${clientId}/team`, person, { schema: TeamMemberSchema }),
    networkMode: 'always',
    onSuccess: refresh,
  })
  const changeRole = useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: TeamRole }) =>
      api.patch(`/client/${clientId}/team/${userId}`, { role }, { schema: TeamMemberSchema }),
    networkMode: 'always',
    onSuccess: refresh,
  })
  const remove = useMutation({
    mutationFn: (userId: number) => api.delete(`/client/${clientId}/team/${userId}`),
    networkMode: 'always',
    onSuccess: refresh,
  })
  return { add, changeRole, remove }
}
