import type { DocumentListParams } from './list-params'

/**
 * Query keys of documents, on their own so other features can refresh the lists without loading them
 * (a public entry of this feature, like ./routing and ./shared).
 */

/** Whose documents a list shows: one client's, or (provider staff with DCV) every client's. */
export type DocumentScope = { kind: 'client'; clientId: number } | { kind: 'all' }

export const documentKeys = {
  all: ['documents'] as const,
  types: () => [...documentKeys.all, 'types'] as const,
  lists: () => [...documentKeys.all, 'list'] as const,
  list: (scope: DocumentScope, params: DocumentListParams) => [...documentKeys.lists(), scope, params] as const,
  clientOptions: () => [...documentKeys.all, 'client-options'] as const,
}
