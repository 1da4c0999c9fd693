import { useParams } from '@tanstack/react-router'
import { idFromParam } from '~/lib/route-params'
import { useRequiredSession } from '~/lib/session'
import type { InvoiceScope } from './api'

function positiveId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : null
  return typeof value === 'string' ? idFromParam(value) : null
}

/**
 * The client id comes from a forced client id, else the route parameter id,
 * else the signed-in user's clientId. With none of them (provider staff on the provider list) the list
 * covers every client.
 */
export function resolveInvoiceScope(forcedClientId: number | null | undefined, routeId: unknown, sessionClientId: number | null | undefined): InvoiceScope {
  const clientId = positiveId(forcedClientId) ?? positiveId(routeId) ?? positiveId(sessionClientId)
  return clientId === null ? { kind: 'all' } : { kind: 'client', clientId }
}

/** The scope of the list on screen, from the props, the current route's `id` and the session. */
export function useInvoiceScope(forcedClientId?: number): InvoiceScope {
  const session = useRequiredSession()
  const routeId = useParams({ strict: false, select: (params) => (params as { id?: string }).id })
  return resolveInvoiceScope(forcedClientId, routeId, session.user.clientId)
}
