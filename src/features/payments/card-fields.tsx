import type { HostedFieldsConfig } from '@contract/payments'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useSyncExternalStore, type RefObject } from 'react'
import { css, cx } from 'styled-system/css'
import { field as fieldRecipe, input } from 'styled-system/recipes'
import { Alert } from '~/ui/alert'
import { Spinner } from '~/ui/spinner'
import { errorMessage } from '~/lib/api-client'
import { paymentsConfigQueryOptions } from './api'
import type { CardForm } from './card-form'
import { loadHostedFields, type HostedFieldsInstance } from './hosted-fields'

export type CardFieldsProps = {
  /** The form the page submits through: `const card = useCardForm()`, then `card.getPaymentToken(...)`. */
  form: CardForm
  /** Hosted-fields configuration; read from GET /api/payments/config when omitted. */
  config?: HostedFieldsConfig
  className?: string
}

const frameHost = css({ px: '0', overflow: 'hidden', _focusWithin: { borderColor: 'border.focus', boxShadow: '0 0 0 1px token(colors.border.focus)' } })
const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '2fr 1fr' } })

/**
 * Card number and CVV in the processor's hosted fields: frames whose content no script of the portal can
 * read. cardError and cvvError show under their fields. Loads the processor's script on first use.
 */
export function CardFields({ form, config, className }: CardFieldsProps) {
  const query = useQuery({ ...paymentsConfigQueryOptions(), enabled: !config })
  const resolved = config ?? query.data
  const snapshot = useSyncExternalStore(form.subscribe, form.getSnapshot, form.getSnapshot)
  const baseId = useId().replace(/[^A-Za-z0-9_-]/g, '')
  const ids = { number: `card-number-${baseId}`, cvv: `card-cvv-${baseId}` }
  const numberHost = useRef<HTMLDivElement>(null)
  const cvvHost = useRef<HTMLDivElement>(null)

  const provider = resolved?.provider
  const scriptUrl = resolved?.scriptUrl
  const publicKey = resolved?.publicKey
  useEffect(() => {
    if (!provider || !scriptUrl) return
    let cancelled = false
    let instance: HostedFieldsInstance | null = null
    const hosts = [numberHost.current, cvvHost.current]
    form.loading()
    loadHostedFields({ provider, scriptUrl, publicKey, frameOrigin: '' })
      .then((library) => {
        if (cancelled) return
        // The frames cannot see the portal's styles: hand them the computed text style of the field box.
        const style = numberHost.current ? getComputedStyle(numberHost.current) : null
        const textStyle: Record<string, string> = style ? { color: style.color, 'font-family': style.fontFamily, 'font-size': style.fontSize } : {}
        instance = library.initializeFields(
          {
            ...(publicKey ? { publicKey } : {}),
            input: { css: textStyle },
            fields: [
              { selector: `#${ids.number}`, input: { type: 'credit_card_number', placeholder: '1234 1234 1234 1234' } },
              { selector: `#${ids.cvv}`, input: { type: 'cvv', placeholder: '123' } },
            ],
          },
          (state) => {
            if (!cancelled) form.update(state)
          },
        )
        form.attach(instance)
      })
      .catch((error: unknown) => {
        if (!cancelled) form.failed(errorMessage(error, 'The card form could not be loaded.'))
      })
    return () => {
      cancelled = true
      form.detach(instance)
      instance?.destroy?.()
      // AffiniPay's fields have no destroy(): empty the hosts so a remount starts clean.
      for (const host of hosts) host?.replaceChildren()
    }
  }, [form, provider, scriptUrl, publicKey, ids.number, ids.cvv])

  const classes = fieldRecipe()
  const loadError = query.error ? errorMessage(query.error, 'The card form could not be loaded.') : snapshot.status === 'failed' ? snapshot.error : ''
  const processorError = snapshot.status !== 'failed' ? snapshot.error : ''

  return (
    <div className={cx(css({ display: 'grid', gap: '3' }), className)} aria-busy={snapshot.status === 'loading' || undefined}>
      <div className={grid}>
        <HostedField
          label="Card number"
          hostId={ids.number}
          hostRef={numberHost}
          error={snapshot.cardError}
          labelClass={classes.label}
          errorClass={classes.errorText}
          requiredClass={classes.requiredIndicator}
          rootClass={classes.root}
        />
        <HostedField
          label="CVV"
          hostId={ids.cvv}
          hostRef={cvvHost}
          error={snapshot.cvvError}
          labelClass={classes.label}
          errorClass={classes.errorText}
          requiredClass={classes.requiredIndicator}
          rootClass={classes.root}
        />
      </div>
      {snapshot.status === 'loading' && !loadError && <Spinner size="sm" label="Loading the card form" />}
      {loadError && <Alert status="danger">{loadError}</Alert>}
      {processorError && <Alert status="danger">{processorError}</Alert>}
    </div>
  )
}

function HostedField({
  label,
  hostId,
  hostRef,
  error,
  labelClass,
  errorClass,
  requiredClass,
  rootClass,
}: {
  label: string
  hostId: string
  hostRef: RefObject<HTMLDivElement | null>
  error: string
  labelClass: string
  errorClass: string
  requiredClass: string
  rootClass: string
}) {
  const labelId = `${hostId}-label`
  const errorId = `${hostId}-error`
  return (
    <div className={rootClass}>
      {/* Required, like the expiration date beside it: the same marker. */}
      <span className={labelClass}>
        <span id={labelId}>{label}</span>
        <span aria-hidden="true" className={requiredClass}>
          *
        </span>
      </span>
      {/* The processor puts its frame in here; React renders nothing inside. */}
      <div
        id={hostId}
        ref={hostRef}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        data-invalid={error ? '' : undefined}
        className={cx(input(), frameHost)}
      />
      {error && (
        <span id={errorId} className={errorClass} role="alert">
          {error}
        </span>
      )}
    </div>
  )
}
