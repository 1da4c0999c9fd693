import type { HostedFieldsConfig, PaymentTokenDetails } from '@contract/payments'

/**
 * The card processor's hosted fields, whichever it is: AffiniPay's script (window.AffiniPay.HostedFields)
 * or the sandbox gateway's fields.js (window.SandboxPay.HostedFields), which mirrors AffiniPay's shape.
 * Card number and CVV live in the processor's frames; the page only ever receives a one-time token.
 */
export type HostedFieldType = 'credit_card_number' | 'cvv'

export interface HostedFieldState {
  selector?: string
  type?: string
  error?: string
  isValid?: boolean
  isEmpty?: boolean
}

export interface HostedFieldsState {
  isReady: boolean
  fields: HostedFieldState[]
}

export interface HostedFieldsConfiguration {
  publicKey?: string
  input?: { css?: Record<string, string> }
  fields: { selector: string; input: { type: HostedFieldType; placeholder?: string; css?: Record<string, string> } }[]
}

export interface HostedFieldsInstance {
  getPaymentToken(details: PaymentTokenDetails): Promise<{ id: string }>
  getState(): HostedFieldsState
  /** The sandbox's fields remove their frames; AffiniPay's have no such call. */
  destroy?(): void
}

export interface HostedFieldsLibrary {
  initializeFields(configuration: HostedFieldsConfiguration, callback: (state: HostedFieldsState) => void): HostedFieldsInstance
}

declare global {
  interface Window {
    AffiniPay?: { HostedFields?: HostedFieldsLibrary; hostedFields?: HostedFieldsLibrary }
    SandboxPay?: { HostedFields?: HostedFieldsLibrary }
  }
}

function libraryOf(config: HostedFieldsConfig): HostedFieldsLibrary | undefined {
  if (config.provider === 'sandbox') return window.SandboxPay?.HostedFields
  return window.AffiniPay?.HostedFields ?? window.AffiniPay?.hostedFields
}

const loading = new Map<string, Promise<HostedFieldsLibrary>>()

/**
 * Loads the processor's hosted-fields script on demand (once per page), and answers its library.
 * Pages without a card form never load it.
 */
export function loadHostedFields(config: HostedFieldsConfig, { timeoutMs = 20_000 }: { timeoutMs?: number } = {}): Promise<HostedFieldsLibrary> {
  const present = libraryOf(config)
  if (present) return Promise.resolve(present)
  const pending = loading.get(config.scriptUrl)
  if (pending) return pending
  const promise = new Promise<HostedFieldsLibrary>((resolve, reject) => {
    const script = document.createElement('script')
    const fail = (message: string) => {
      clearTimeout(timer)
      loading.delete(config.scriptUrl)
      script.remove()
      reject(new Error(message))
    }
    const timer = setTimeout(() => fail('The card form took too long to load. Check your connection and try again.'), timeoutMs)
    script.src = config.scriptUrl
    script.async = true
    script.onload = () => {
      const library = libraryOf(config)
      if (!library) return fail('The card form could not start. Please reload the page.')
      clearTimeout(timer)
      resolve(library)
    }
    script.onerror = () => fail('The card form could not be loaded. Check your connection and try again.')
    document.head.appendChild(script)
  })
  loading.set(config.scriptUrl, promise)
  return promise
}
