import { useEffect } from 'react'
import { ApiError, errorMessage, NetworkError, OfflineError } from '~/lib/api-client'
import { AccessDeniedError } from '~/lib/permissions'
import { requestToaster } from '~/lib/toaster-host'

/**
 * Whether a failed profile load is a real error the error toast reports: not a client that does not
 * exist (its page says "Client not found"), not a refusal (its own page), not offline or a lost
 * connection (those have their own page and toast).
 */
export function isProfileLoadFailure(error: unknown): boolean {
  if (error instanceof OfflineError || error instanceof NetworkError || error instanceof AccessDeniedError) return false
  if (error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404)) return false
  return error instanceof Error
}

/** A client profile that failed to load raises the error toast with the error's message (once per error), beside the error page. */
export function useProfileLoadErrorToast(error: unknown): void {
  useEffect(() => {
    if (!isProfileLoadFailure(error)) return
    requestToaster()
    void import('~/ui/toaster').then(({ notify }) => notify.error(errorMessage(error, 'The client could not be loaded. Please try again.')))
  }, [error])
}
