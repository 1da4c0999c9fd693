import type { QueryClient } from '@tanstack/react-query'
import { documentListQueryOptions, documentTypesQueryOptions } from './api'
import type { DocumentScope } from './keys'
import { documentListRequest, listStateFromSearch, type DocumentListSearch } from './list-params'

/**
 * Route loaders of the document pages (a public entry of this feature). Routes import it on
 * navigation (`await import(...)`), so the calls and schemas stay out of the first page's script.
 */

/** Starts the page's data without waiting for it, so an offline start shows saved data at once. */
export function loadDocumentList(queryClient: QueryClient, scope: DocumentScope, search: DocumentListSearch): void {
  void queryClient.prefetchQuery(documentTypesQueryOptions())
  const types = queryClient.getQueryData(documentTypesQueryOptions().queryKey) ?? []
  const request = documentListRequest(listStateFromSearch(search), types)
  if (request.kind === 'query') void queryClient.prefetchQuery(documentListQueryOptions(scope, request.params))
}
