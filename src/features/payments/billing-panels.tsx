import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Panel } from '~/ui/card'
import { Checkbox } from '~/ui/checkbox'
import { Field } from '~/ui/field'
import { NativeSelect } from '~/ui/native-select'
import { Spinner } from '~/ui/spinner'
import { TextInput } from '~/ui/text-input'
import { notify } from '~/ui/toaster'
import { autopayQueryOptions, cardExpiry, cardName, downloadStatement, paymentMethodsQueryOptions, useRemovePaymentMethod, useSetAutopay } from './saved-cards'

const list = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '3' })
const row = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })
const muted = css({ color: 'fg.muted', fontSize: 'sm', m: '0' })
const stack = css({ display: 'flex', flexDirection: 'column', gap: '5' })
const dates = css({ display: 'flex', gap: '4', flexWrap: 'wrap', alignItems: 'flex-end' })

/**
 * Invoices → Payment methods: the client's saved cards (brand, last four, expiry; the default marked),
 * removing one, and the auto-pay switch with the card it charges. Cards are saved while paying.
 */
export function PaymentMethodsPanel({ clientId }: { clientId: number }) {
  const methods = useQuery(paymentMethodsQueryOptions(clientId))
  const autopay = useQuery(autopayQueryOptions(clientId))
  const remove = useRemovePaymentMethod(clientId)
  const setAutopay = useSetAutopay(clientId)
  const cards = methods.data?.data ?? []
  const autopayCard = autopay.data?.paymentMethodId ?? null
  const preferred = cards.find((card) => card.isDefault) ?? cards[0]

  async function removeCard(id: number, name: string) {
    try {
      await remove.mutateAsync(id)
      notify.success(`${name} removed`)
    } catch (error) {
      notify.error(errorMessage(error, 'The card could not be removed'))
    }
  }

  async function switchAutopay(enabled: boolean, paymentMethodId: number | null) {
    try {
      await setAutopay.mutateAsync({ enabled, paymentMethodId })
      notify.success(enabled ? 'Auto-pay is on' : 'Auto-pay is off')
    } catch (error) {
      notify.error(errorMessage(error, 'Auto-pay could not be changed'))
    }
  }

  if (methods.isPending || autopay.isPending) return <Spinner label="Loading your saved cards" />
  if (methods.isError)
    return (
      <Alert status="danger" title="Your saved cards could not be loaded">
        {errorMessage(methods.error)}
      </Alert>
    )

  return (
    <div className={stack}>
      <Panel title="Saved cards" description="Cards you chose to save while paying. Only the last four digits are kept here.">
        {cards.length === 0 ? (
          <p className={muted}>No saved cards yet. Tick “Save this card” when you pay an invoice.</p>
        ) : (
          <ul className={list} aria-label="Saved cards">
            {cards.map((card) => (
              <li key={card.id} className={row}>
                <span>
                  {cardName(card)}, expires {cardExpiry(card)}
                  {card.isDefault ? ' (default)' : ''}
                  {card.id === autopayCard ? ' · used for auto-pay' : ''}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  loading={remove.isPending && remove.variables === card.id}
                  onClick={() => void removeCard(card.id, cardName(card))}
                >
                  Remove<span className={css({ srOnly: true })}> {cardName(card)}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel
        title="Auto-pay"
        description="Open invoices are charged on their due date with the card you choose. You are told 7 days before, and after a declined charge we try again 1, 3 and 7 days later."
      >
        {cards.length === 0 ? (
          <p className={muted}>Save a card first to switch auto-pay on.</p>
        ) : (
          <div className={stack}>
            <Checkbox
              label="Pay my invoices automatically"
              checked={autopay.data?.enabled ?? false}
              disabled={setAutopay.isPending}
              onCheckedChange={(checked) => void switchAutopay(checked === true, autopayCard ?? preferred?.id ?? null)}
            />
            {autopay.data?.enabled && (
              <Field label="Card to charge">
                <NativeSelect
                  value={autopayCard === null ? null : String(autopayCard)}
                  disabled={setAutopay.isPending}
                  onValueChange={(value) => void switchAutopay(true, Number(value))}
                  options={cards.map((card) => ({ value: String(card.id), label: `${cardName(card)}, expires ${cardExpiry(card)}` }))}
                />
              </Field>
            )}
          </div>
        )}
      </Panel>
    </div>
  )
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** Invoices → Statements: a statement PDF for a period (opening balance, invoices, payments, closing balance, aging). */
export function StatementsPanel({ clientId }: { clientId: number }) {
  const today = new Date()
  const [from, setFrom] = useState(isoDay(new Date(Date.UTC(today.getUTCFullYear(), 0, 1))))
  const [to, setTo] = useState(isoDay(today))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setError(null)
    if (!from || !to || from > to) {
      setError('Choose a start date on or before the end date.')
      return
    }
    setBusy(true)
    try {
      const name = await downloadStatement(clientId, from, to)
      notify.success(`${name} downloaded`)
    } catch (failure) {
      setError(errorMessage(failure, 'The statement could not be downloaded'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Panel
      title="Statements"
      description="A PDF of your account for a period: opening balance, invoices, payments, closing balance and what is overdue by age."
    >
      <form className={stack} onSubmit={(event) => void submit(event)} noValidate>
        <div className={dates}>
          <Field label="From">
            <TextInput type="date" name="from" value={from} onChange={(event) => setFrom(event.target.value)} />
          </Field>
          <Field label="To">
            <TextInput type="date" name="to" value={to} onChange={(event) => setTo(event.target.value)} />
          </Field>
          <Button type="submit" loading={busy}>
            Download statement
          </Button>
        </div>
        {error && (
          <Alert status="danger" title="No statement">
            {error}
          </Alert>
        )}
      </form>
    </Panel>
  )
}
