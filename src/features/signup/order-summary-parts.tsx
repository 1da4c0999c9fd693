import type { Service } from '@contract/catalogue'
import type { orderLines, orderTotals } from '@contract/signup'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { Alert } from '~/ui/alert'
import { formatMoney } from '~/lib/money'
import { stepPath, stepTitle, type StepId, type WizardFlavor } from './steps'

/* The parts of the Order Summary step that show what the step holds: its lines, the add-ons, a failure. */

const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { py: '2', px: '2', textAlign: 'start', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' },
  '& thead th': { fontWeight: 'semibold', color: 'fg.muted', fontSize: 'xs', textTransform: 'uppercase', letterSpacing: 'wide' },
  '& [data-align=end]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& tfoot th, & tfoot td': { borderBottomWidth: '0', pt: '2', pb: '0' },
  '& tfoot tr[data-total] th, & tfoot tr[data-total] td': { fontSize: 'lg', fontWeight: 'bold', pt: '3' },
})
const lineDetail = css({ display: 'block', color: 'fg.muted', fontSize: 'xs' })
const addonList = css({
  display: 'grid',
  gap: '3',
  listStyle: 'none',
  m: '0',
  p: '0',
  gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fill, minmax(16rem, 1fr))' },
})
const addonCard = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '3',
  rowGap: '1',
  alignItems: 'start',
  h: '100%',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'lg',
  cursor: 'pointer',
  _hover: { borderColor: 'accent' },
  '&:has(input:checked)': { borderColor: 'accent', bg: 'bg.accent' },
  '&:has(input:focus-visible)': { outline: '2px solid token(colors.border.focus)', outlineOffset: '2px' },
  '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.7 },
})
const addonBox = css({ mt: '0.5', w: '4', h: '4', accentColor: 'token(colors.accent)', cursor: 'inherit' })
const addonName = css({ fontSize: 'sm', fontWeight: 'semibold' })
const addonDescription = css({ gridColumn: '2', fontSize: 'xs', color: 'fg.muted' })
/** Links inside a sentence are underlined, not told apart by colour alone. */
export const inlineLink = css({ textDecoration: 'underline', fontWeight: 'semibold' })

/** The order's lines, subtotal, coupon discount and total. */
export function OrderLinesTable({
  lines,
  totals,
  couponCode,
}: {
  lines: ReturnType<typeof orderLines>
  totals: ReturnType<typeof orderTotals>
  couponCode?: string
}) {
  return (
    <table className={table}>
      <caption className={css({ srOnly: true })}>Order line items</caption>
      <thead>
        <tr>
          <th scope="col">Service</th>
          <th scope="col">Package</th>
          <th scope="col" data-align="end">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.servicePackageId}>
            <td>
              {line.serviceName}
              {line.serviceDescription && <span className={lineDetail}>{line.serviceDescription}</span>}
            </td>
            <td>
              {line.servicePackageName}
              {line.servicePackageDescription && <span className={lineDetail}>{line.servicePackageDescription}</span>}
            </td>
            <td data-align="end">{formatMoney(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            Subtotal
          </th>
          <td data-align="end">{formatMoney(totals.subtotal)}</td>
        </tr>
        {totals.discount > 0 && (
          <tr>
            <th scope="row" colSpan={2}>
              Coupon {couponCode}
            </th>
            <td data-align="end">−{formatMoney(totals.discount)}</td>
          </tr>
        )}
        <tr data-total="">
          <th scope="row" colSpan={2}>
            Total
          </th>
          <td data-align="end" data-testid="order-total">
            {formatMoney(totals.total)}
          </td>
        </tr>
      </tfoot>
    </table>
  )
}

/** One package per add-on service: choosing a package replaces another of the same service. */
function toggledAddons(current: string[], service: Service, packageId: number, checked: boolean): string[] {
  const others = current.filter((id) => !service.servicesPackages.some((p) => String(p.id) === id))
  return checked ? [...others, String(packageId)] : others
}

/** The add-on packages as cards with a checkbox each; choosing a package replaces another of its service. */
export function AddonPicker({
  addons,
  chosen,
  disabled,
  onChange,
}: {
  addons: Service[]
  chosen: string[]
  disabled: boolean
  onChange: (chosen: string[]) => void
}) {
  return (
    <ul className={addonList}>
      {addons.flatMap((service) =>
        service.servicesPackages.map((pkg) => (
          <li key={pkg.id}>
            <label className={addonCard}>
              <input
                type="checkbox"
                className={addonBox}
                checked={chosen.includes(String(pkg.id))}
                disabled={disabled}
                onChange={(event) => onChange(toggledAddons(chosen, service, pkg.id, event.target.checked))}
              />
              <span className={addonName}>
                {service.name}
                {service.servicesPackages.length > 1 ? ` (${pkg.name})` : ''}: {formatMoney(pkg.amount)}
              </span>
              {service.description && <span className={addonDescription}>{service.description}</span>}
            </label>
          </li>
        )),
      )}
    </ul>
  )
}

/** What the step says after a refused or unanswered registration, with a link to what fixes it. */
export type Failure = { title: string; text: string; step?: StepId; signIn?: boolean }

export function FailureAlert({ failure, flavor }: { failure: Failure; flavor: WizardFlavor }) {
  return (
    <Alert status="danger" title={failure.title}>
      {failure.text}
      {failure.step && (
        <>
          {' '}
          <Link to={stepPath(flavor, failure.step)} className={inlineLink}>
            Go to {stepTitle(flavor, failure.step)}
          </Link>
          .
        </>
      )}
      {failure.signIn && (
        <>
          {' '}
          <Link to="/login" className={inlineLink}>
            Sign in
          </Link>{' '}
          or{' '}
          <Link to="/forgot-password" className={inlineLink}>
            reset the password
          </Link>
          .
        </>
      )}
    </Alert>
  )
}
