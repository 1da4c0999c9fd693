import { useCallback, useRef, type ComponentType, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { formatDateTime } from '~/lib/dates.ts'
import { useOnlineStatus } from '~/lib/online-status.ts'
import { Alert } from './alert.tsx'
import { Button } from './button.tsx'
import { RefreshIcon } from './icons.tsx'

/*
 * The frame of a list page or list section (invoices, documents, mail requests): heading with actions and
 * a Refresh button, notices, the offline "saved at" note, the load error with Try again, then the table.
 */

const stack = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const sectionHeader = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' })
const sectionHeading = css({ fontSize: 'lg', fontWeight: 'bold', m: '0' })
const actionRow = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const note = css({ m: '0', fontSize: 'sm', color: 'fg.muted' })

export { actionLinkClass } from './action-link.ts'

/**
 * Offline, a page showing saved data says how old it is: "Offline, saved at May 1, 2026, 8:00 AM EDT";
 * with nothing saved yet it says so. Nothing while online.
 */
export function SavedAtNote({ updatedAt, hasData, subject = 'this list' }: { updatedAt: number; hasData: boolean; subject?: string }) {
  const status = useOnlineStatus()
  if (status.online) return null
  return (
    <p className={note} role="status">
      {hasData && updatedAt > 0
        ? `Offline, saved at ${formatDateTime(updatedAt)}`
        : `Offline: ${subject} has not been saved on this device yet. It will load when the connection returns.`}
    </p>
  )
}

/** Something could not be loaded: what, why, and Try again (when trying again can help). */
export function LoadError({ title, children, onRetry }: { title: string; children: ReactNode; onRetry?: () => void }) {
  return (
    <Alert
      status="danger"
      title={title}
      action={
        onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        )
      }
    >
      {children}
    </Alert>
  )
}

/**
 * Several table events can fire in one tick (a new filter also returns to page 1): merge them into one
 * change, so the URL is written once.
 */
export function useMergedChanges<State>(onChange: (patch: Partial<State>) => void): (patch: Partial<State>) => void {
  const pending = useRef<Partial<State> | null>(null)
  const target = useRef(onChange)
  target.current = onChange
  return useCallback((patch: Partial<State>) => {
    const first = pending.current === null
    pending.current = { ...pending.current, ...patch }
    if (!first) return
    queueMicrotask(() => {
      const merged = pending.current
      pending.current = null
      if (merged) target.current(merged)
    })
  }, [])
}

/** The shape of a page header component (the shell's PageHeader: the one h1, and the document title). */
export type PageHeaderComponent = ComponentType<{ title: string; description?: ReactNode; actions?: ReactNode }>

/** The query a list shows, as far as the frame needs it (a TanStack `useQuery` result fits). */
export interface ListQueryState {
  data: unknown
  dataUpdatedAt: number
  isError: boolean
  error: unknown
  isRefetching: boolean
}

export type ListPageProps = {
  title: string
  description?: ReactNode
  /**
   * A page passes its page header (the h1); without one the list is a section of another page, under an
   * h2 with the actions beside it.
   */
  header?: PageHeaderComponent
  /** Links or buttons before Refresh. */
  actions?: ReactNode
  query: ListQueryState
  /** Refresh and Try again. Without it there is no Refresh button. */
  onRefresh?: () => void
  refreshDisabled?: boolean
  /** Shown when the list could not be loaded and nothing is saved: 'The invoices could not be loaded'. */
  errorTitle: string
  /** Words for the error (the caller knows its API's error shapes). */
  errorText: (error: unknown) => ReactNode
  /** Retry after a load error; defaults to onRefresh. */
  onRetry?: () => void
  /** Notices under the heading, before the offline note (retention, a filter in force, queued work). */
  notices?: ReactNode
  children: ReactNode
}

export function ListPage({
  title,
  description,
  header: Header,
  actions,
  query,
  onRefresh,
  refreshDisabled,
  errorTitle,
  errorText,
  onRetry = onRefresh,
  notices,
  children,
}: ListPageProps) {
  const refreshButton = onRefresh && (
    <Button variant="outline" onClick={onRefresh} loading={query.isRefetching} disabled={refreshDisabled}>
      {!query.isRefetching && <RefreshIcon />}
      Refresh
    </Button>
  )
  const headerActions =
    actions || refreshButton ? (
      <div className={actionRow}>
        {actions}
        {refreshButton}
      </div>
    ) : undefined

  return (
    <div className={stack}>
      {Header ? (
        <Header title={title} description={description} actions={headerActions} />
      ) : (
        <div className={sectionHeader}>
          <h2 className={sectionHeading}>{title}</h2>
          {headerActions}
        </div>
      )}
      {notices}
      <SavedAtNote updatedAt={query.dataUpdatedAt} hasData={query.data !== undefined} />
      {query.isError && query.data === undefined && (
        <LoadError title={errorTitle} onRetry={onRetry}>
          {errorText(query.error)}
        </LoadError>
      )}
      {children}
    </div>
  )
}
