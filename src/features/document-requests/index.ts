/**
 * Mail requests: asking for paper originals by mail (queued while offline), the requested documents
 * lists, and the document-progress timeline where staff move a request along.
 *
 * This index holds the requested documents list. Other public entries, so each page loads only what
 * it shows: ./request (the request form), ./progress-page (the document-progress page), ./routing (search
 * params, free of components and calls) and ./loaders (route loaders, imported on navigation).
 */
export { RequestedDocumentsPage, type RequestedDocumentsPageProps } from './requests-list-page'
export { documentRequestKeys } from './api'
export type { RequestListState } from './list-params'
