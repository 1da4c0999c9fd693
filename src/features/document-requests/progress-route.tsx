import { useParams } from '@tanstack/react-router'
import { DocumentProgressPage } from './progress-page'

/** The Document Progress page of the current route's `$id` (checked by the loader). */
export function DocumentProgressRoute() {
  const id = useParams({ strict: false, select: (params) => (params as { id?: string }).id }) ?? ''
  return <DocumentProgressPage key={id} requestId={Number(id)} />
}
