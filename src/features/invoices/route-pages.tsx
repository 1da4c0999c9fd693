import { useNavigate, useSearch } from '@tanstack/react-router'
import { listStateFromSearch, searchFromListState, type InvoiceListSearch } from './list-params'
import { InvoicesPage } from './invoices-view'

// Read loosely (the page serves two routes): both validated their search with the same schema.
const stateOf = (search: object) => listStateFromSearch(search as InvoiceListSearch)

/** The invoice list of the current route (client or provider); other params of the route are kept. */
export function InvoicesRoute() {
  const search = useSearch({ strict: false })
  const navigate = useNavigate()
  return (
    <InvoicesPage
      state={stateOf(search)}
      onStateChange={(patch) => void navigate({ to: '.', search: (previous) => ({ ...previous, ...searchFromListState({ ...stateOf(previous), ...patch }) }), replace: true })}
    />
  )
}
