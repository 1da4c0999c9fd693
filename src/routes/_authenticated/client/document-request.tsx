import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { DocumentRequestPage } from '~/features/document-requests/request'

const Id = v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1))

/** ?documentId=12 (or several) pre-selects documents from the documents list. */
const DocumentRequestSearchSchema = v.object({
  documentId: v.fallback(v.optional(v.union([Id, v.array(Id)])), undefined),
})

/** Request a Document: a client asks for paper originals by mail, within 60 days of upload. */
export const Route = createFileRoute('/_authenticated/client/document-request')({
  validateSearch: DocumentRequestSearchSchema,
  component: DocumentRequestRoute,
})

function DocumentRequestRoute() {
  const { documentId } = Route.useSearch()
  const documentIds = documentId === undefined ? [] : Array.isArray(documentId) ? documentId : [documentId]
  return <DocumentRequestPage documentIds={documentIds} />
}
