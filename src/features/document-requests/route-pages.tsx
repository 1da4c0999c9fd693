import { useNavigate, useSearch } from '@tanstack/react-router'
import { requestStateFromSearch, searchFromRequestState, type RequestListSearch } from './list-params'
import { RequestedDocumentsPage } from './requests-list-page'

// Read loosely (the page serves two routes): both validated their search with the same schema.
const stateOf = (search: object) => requestStateFromSearch(search as RequestListSearch)

/** The Requested Documents page of the current route (client or provider), its state in the URL. */
export function RequestedDocumentsRoute() {
  const search = useSearch({ strict: false })
  const navigate = useNavigate()
  return (
    <RequestedDocumentsPage
      state={stateOf(search)}
      onStateChange={(patch) =>
        void navigate({ to: '.', search: (previous) => searchFromRequestState({ ...stateOf(previous), ...patch }), replace: true })
      }
    />
  )
}
