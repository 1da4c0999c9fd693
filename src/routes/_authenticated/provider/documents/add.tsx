import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { UploadDocumentsPage } from '~/features/documents/upload'

/** ?clientId= pre-selects the client (coming from that client's documents). */
const UploadSearchSchema = v.object({
  clientId: v.fallback(v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1))), undefined),
})

/** Upload Documents (any agent): the mailroom's scans for a client. */
export const Route = createFileRoute('/_authenticated/provider/documents/add')({
  validateSearch: UploadSearchSchema,
  component: UploadDocumentsRoute,
})

function UploadDocumentsRoute() {
  const { clientId } = Route.useSearch()
  return <UploadDocumentsPage initialClientId={clientId} />
}
