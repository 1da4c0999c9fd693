import { listStateFromSearch, searchFromListState, type DocumentListSearch, type DocumentListState } from './list-params'

export { DocumentListSearchSchema, listStateFromSearch, type DocumentListSearch } from './list-params'

/**
 * The document routes' search params (a public entry of this feature, free of components and calls:
 * it is part of every page's first script). Loaders come from ./loaders, on navigation.
 */

/** The next URL search of a list change; a change of anything but the page returns to page 1. */
export function nextDocumentListSearch(previous: DocumentListSearch, patch: Partial<DocumentListState>): DocumentListSearch {
  const next = { ...listStateFromSearch(previous), ...patch }
  if (patch.page === undefined && Object.keys(patch).some((key) => key !== 'pageSize')) next.page = 1
  return searchFromListState(next)
}
