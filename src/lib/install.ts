/**
 * Installing the portal as an app. Chromium browsers offer `beforeinstallprompt`, kept here so the user
 * menu can show an Install button; iPhones and iPads never offer it, so the menu explains Share → Add
 * to Home Screen there instead. Nothing shows once the portal runs installed.
 */

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export type InstallOffer = { kind: 'prompt'; install: () => Promise<void> } | { kind: 'ios' } | null

let deferred: InstallPromptEvent | null = null
let offer: InstallOffer = null
const listeners = new Set<() => void>()

function installed(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true
}

function isAppleMobile(): boolean {
  const { userAgent, maxTouchPoints } = navigator
  // iPadOS reports itself as a Mac with a touch screen.
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}

function compute(): InstallOffer {
  if (typeof window === 'undefined' || installed()) return null
  if (deferred) {
    const event = deferred
    return {
      kind: 'prompt',
      install: async () => {
        await event.prompt()
        await event.userChoice.catch(() => undefined)
        // The event can be used once.
        deferred = null
        update()
      },
    }
  }
  return isAppleMobile() ? { kind: 'ios' } : null
}

function update() {
  offer = compute()
  listeners.forEach((listener) => listener())
}

/** Starts listening for the browser's install offer (call early: the event comes soon after load). */
export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault()
    deferred = event as InstallPromptEvent
    update()
  })
  window.addEventListener('appinstalled', () => {
    deferred = null
    update()
  })
  update()
}

/** Calls `listener` when the offer changes. */
export function subscribeInstallOffer(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** How this browser can install the portal: a prompt, iPhone instructions, or nothing. */
export const currentInstallOffer = (): InstallOffer => offer
