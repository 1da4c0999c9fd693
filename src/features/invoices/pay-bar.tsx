import { css } from 'styled-system/css'
import { Button } from '~/ui/button'
import { formatMoney } from '~/lib/money'

const bar = css({
  position: 'sticky',
  bottom: '0',
  zIndex: 'docked',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  mt: '4',
  px: { base: '4', md: '5' },
  py: '3',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  boxShadow: 'lg',
  _print: { display: 'none' },
})
const summary = css({ m: '0', fontSize: 'sm', color: 'fg.default' })
const amount = css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })

export type PayBarProps = {
  count: number
  /** Dollars: the sum of the selected invoices' totals. */
  total: number
  onCancel: () => void
  onPayNow: () => void
  /** Loads the dialog's code before the click lands. */
  onIntent?: () => void
}

/** The bottom bar with Cancel and Pay Now, shown to a client who has selected invoices. */
export function PayBar({ count, total, onCancel, onPayNow, onIntent }: PayBarProps) {
  return (
    <section className={bar} aria-label="Selected invoices">
      <p className={summary} aria-live="polite">
        {count === 1 ? '1 invoice selected' : `${count} invoices selected`} · Total <span className={amount}>{formatMoney(total)}</span>
      </p>
      <div className={css({ display: 'flex', gap: '2' })}>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onPayNow} onPointerEnter={onIntent} onFocus={onIntent}>
          Pay Now
        </Button>
      </div>
    </section>
  )
}
