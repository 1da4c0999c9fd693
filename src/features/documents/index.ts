/**
 * Documents: the lists (a client's own, one client's inside another page, all clients' for staff),
 * viewing and downloading files (kept for offline reading), delete, and the mailroom upload.
 *
 *   <DocumentsPanel clientId={client.id} />   // a client's documents inside another page
 *
 * Other public entries: ./upload (the mailroom's upload page), ./routing (search params, free of
 * components and calls), ./loaders (route loaders, imported on navigation), ./keys (query keys) and
 * ./shared (dates, days left, the 60-day notice, the offline note). The upload and request forms'
 * native select is the kit's (~/ui/native-select).
 */
export { DocumentsPage, DocumentsPanel, type DocumentsPageProps, type DocumentsPanelProps } from './documents-panel'
export { documentKeys, type DocumentScope } from './keys'
export type { DocumentListState } from './list-params'
