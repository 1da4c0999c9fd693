import type { SecondFactors } from '@contract/second-factor'

/**
 * When the client dashboard suggests two-step sign-in: the user has no second factor (no authenticator
 * app, no passkey) and has not dismissed the suggestion on this device. The dismissal is kept per user
 * in local storage, so it outlives sign-outs and another user of the device still sees it.
 */

const KEY_PREFIX = 'portal-second-factor-suggestion-dismissed:'

export const dismissalKey = (userId: number) => `${KEY_PREFIX}${userId}`

function deviceStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    // Storage can be blocked by the browser's privacy settings.
    return null
  }
}

export function suggestionDismissed(userId: number, storage: Storage | null = deviceStorage()): boolean {
  return storage?.getItem(dismissalKey(userId)) != null
}

export function dismissSuggestion(userId: number, storage: Storage | null = deviceStorage()): void {
  try {
    storage?.setItem(dismissalKey(userId), new Date().toISOString())
  } catch {
    // Full or blocked: it shows again next time, which is all that is lost.
  }
}

export const hasSecondFactor = (factors: SecondFactors) => factors.totp.enabled || factors.passkeys.length > 0
