import type { QueryClient } from '@tanstack/react-query'
import { isCacheRestored } from '~/lib/query-client'
import { documentListQueryOptions, documentTypesQueryOptions } from './api'
import type { DocumentScope } from './keys'
import { documentListRequest, listStateFromSearch, type DocumentListSearch } from './list-params'

/**
 * Route loaders of the document pages (a public entry of this feature). Routes import it on
 * navigation (`await import(...)`), so the calls and schemas stay out of the first page's script.
 */

/**
 * Starts the page's data without waiting for it, so an offline start shows saved data at once. Before
 * the saved cache is back (the first page of a start) the page's own queries start once it is.
 */
export function loadDocumentList(queryClient: QueryClient, scope: DocumentScope, search: DocumentListSearch): void {
  if (!isCacheRestored()) return
  void queryClient.prefetchQuery(documentTypesQueryOptions())
  const types = queryClient.getQueryData(documentTypesQueryOptions().queryKey) ?? []
  const request = documentListRequest(listStateFromSearch(search), types)
  if (request.kind === 'query') void queryClient.prefetchQuery(documentListQueryOptions(scope, request.params))
}
