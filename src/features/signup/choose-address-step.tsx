import { REQUIRED_MESSAGE } from '@contract/auth'
import type { Service } from '@contract/catalogue'
import { useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { css } from 'styled-system/css'
import { Alert } from '~/ui/alert'
import { visuallyHiddenClass } from '~/ui/spinner'
import { servicesQueryOptions } from './api'
import { getDraft, saveDraft } from './draft'
import { formatMoney } from '~/lib/money'
import { AddressStepSchema, type SignupDraft } from './schemas'
import { neighbours, stepPath, type WizardFlavor } from './steps'
import { StepActions, WizardFrame } from './wizard-frame'

type Choice = SignupDraft['companyAddress']

const fieldset = css({ border: '0', m: '0', p: '0', minW: '0', display: 'grid', gap: '6' })
const legend = css({ fontWeight: 'semibold', fontSize: 'sm', mb: '3', p: '0' })
const required = css({ color: 'fg.danger', ml: '1' })
const serviceBlock = css({ display: 'grid', gap: '3' })
const serviceName = css({ fontSize: 'md', fontWeight: 'bold', m: '0' })
const serviceDescription = css({ fontSize: 'sm', color: 'fg.muted', m: '0' })
const packages = css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', sm: 'repeat(auto-fill, minmax(14rem, 1fr))' } })
const packageCard = css({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '3',
  rowGap: '1',
  alignItems: 'start',
  // Rows from the top: a card stretched to its row's tallest neighbour keeps its price where theirs is.
  alignContent: 'start',
  p: '4',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'lg',
  bg: 'bg.surface',
  cursor: 'pointer',
  _hover: { borderColor: 'accent' },
  '&:has(input:checked)': { borderColor: 'accent', bg: 'bg.accent', boxShadow: '0 0 0 1px token(colors.accent)' },
  '&:has(input:focus-visible)': { outline: '2px solid token(colors.border.focus)', outlineOffset: '2px' },
  '&[data-invalid]': { borderColor: 'border.danger' },
})
const radio = css({ mt: '1', w: '4', h: '4', accentColor: 'token(colors.accent)', cursor: 'pointer' })
const packageName = css({ fontWeight: 'semibold' })
const packagePrice = css({ gridColumn: '2', fontSize: 'lg', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })
const packageDescription = css({ gridColumn: '2', fontSize: 'sm', color: 'fg.muted' })
const errorText = css({ color: 'fg.danger', fontSize: 'sm', fontWeight: 'medium', m: '0' })

/** Whether the chosen package still exists in the catalogue (a stored draft can outlive a package). */
function isOffered(catalogue: Service[], choice: Choice): boolean {
  return catalogue.some((service) => String(service.id) === choice.serviceId && service.servicesPackages.some((p) => String(p.id) === choice.servicePackageId))
}

/**
 * Choose Address: the active address services and their packages from the catalogue; one package of one
 * service is chosen. Add-ons come later, on the order summary.
 */
export function ChooseAddressStep({ flavor }: { flavor: WizardFlavor }) {
  const navigate = useNavigate()
  const catalogue = useSuspenseQuery(servicesQueryOptions('address')).data
  const [choice, setChoice] = useState<Choice>(() => getDraft(flavor).companyAddress)
  const [error, setError] = useState('')
  const firstRadio = useRef<HTMLInputElement>(null)
  const errorId = useId()
  const { previous, next } = neighbours(flavor, 'address')

  const choose = (service: Service, packageId: number) => {
    const next: Choice = { serviceId: String(service.id), servicePackageId: String(packageId) }
    setChoice(next)
    setError('')
    saveDraft(flavor, { companyAddress: next })
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const valid = v.safeParse(AddressStepSchema, { companyAddress: choice }).success && isOffered(catalogue, choice)
    if (!valid) {
      setError(REQUIRED_MESSAGE)
      const checked = event.currentTarget.querySelector<HTMLInputElement>('input[type=radio]:checked')
      ;(checked ?? firstRadio.current)?.focus()
      return
    }
    saveDraft(flavor, { companyAddress: choice })
    if (next) void navigate({ to: stepPath(flavor, next) })
  }

  const firstPackageId = catalogue[0]?.servicesPackages[0]?.id
  return (
    <WizardFrame
      flavor={flavor}
      step="address"
      intro={
        flavor === 'staff' ? 'The address service the client subscribes to, and its package.' : 'Choose the address service for your company, and a package.'
      }
    >
      <form noValidate onSubmit={submit}>
        {catalogue.length === 0 ? (
          <Alert status="warning" title="No address services are offered right now">
            Please try again later, or contact support.
          </Alert>
        ) : (
          <fieldset className={fieldset} aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
            <legend className={legend}>
              Address service and package
              <span aria-hidden="true" className={required}>
                *
              </span>
            </legend>
            {catalogue.map((service) => (
              <div key={service.id} className={serviceBlock} role="group" aria-labelledby={`address-service-${service.id}`}>
                <div>
                  <h3 id={`address-service-${service.id}`} className={serviceName}>
                    {service.name}
                  </h3>
                  {service.description && <p className={serviceDescription}>{service.description}</p>}
                </div>
                <div className={packages}>
                  {service.servicesPackages.map((pkg) => {
                    const checked = choice.serviceId === String(service.id) && choice.servicePackageId === String(pkg.id)
                    return (
                      <label key={pkg.id} className={packageCard} data-invalid={error ? '' : undefined}>
                        <input
                          ref={pkg.id === firstPackageId ? firstRadio : undefined}
                          className={radio}
                          type="radio"
                          name="servicePackage"
                          value={pkg.id}
                          checked={checked}
                          required
                          aria-invalid={error ? true : undefined}
                          onChange={() => choose(service, pkg.id)}
                        />
                        <span className={packageName}>
                          <span className={visuallyHiddenClass}>{service.name}: </span>
                          {pkg.name}
                        </span>
                        <span className={packagePrice}>{formatMoney(pkg.amount)}</span>
                        {pkg.description && <span className={packageDescription}>{pkg.description}</span>}
                      </label>
                    )
                  })}
                </div>
              </div>
            ))}
            {error && (
              <p id={errorId} className={errorText} role="alert">
                {error}
              </p>
            )}
          </fieldset>
        )}
        <StepActions
          onBack={
            previous
              ? () => {
                  saveDraft(flavor, { companyAddress: choice })
                  void navigate({ to: stepPath(flavor, previous) })
                }
              : undefined
          }
        />
      </form>
    </WizardFrame>
  )
}
