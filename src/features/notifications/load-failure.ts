import { useEffect } from 'react'
import { NetworkError, OfflineError } from '~/lib/api-client'
import { LOAD_FAILED_MESSAGE, showError } from './api'

/**
 * A failed load says 'Failed to load notifications. Please try again.' Offline, or
 * a background poll that could not reach the server while saved notifications show, says nothing more
 * than the offline banner already does. One toast at a time (the bell and the page share its id).
 */
export function useLoadFailureToast(query: { isError: boolean; error: unknown; errorUpdatedAt: number; data: unknown }): void {
  const { isError, error, errorUpdatedAt, data } = query
  const hasData = data !== undefined
  useEffect(() => {
    if (!isError) return
    if (error instanceof OfflineError) return
    if (error instanceof NetworkError && hasData) return
    showError(LOAD_FAILED_MESSAGE)
    // Once per failed fetch: errorUpdatedAt changes with each one.
  }, [isError, error, errorUpdatedAt, hasData])
}
