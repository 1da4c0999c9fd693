import { useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { PageHeader, usePageTitle } from '~/ui/page-header'
import { Button } from '~/ui/button'
import { ChevronLeftIcon, ChevronRightIcon } from '~/ui/icons'
import { clearDraft, isWizardPath, useDraft } from './draft'
import { ProgressBar } from './progress-bar'
import { EMPTY_DRAFT } from './schemas'
import { DONE_TITLE, STEP_ORDER, stepPath, stepTitle, WIZARD_TITLES, type StepId, type WizardFlavor } from './steps'

/** The steps' two-column form grid (one column on phones). */
export const formGrid = css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })
export const fullWidth = css({ gridColumn: '1 / -1' })

const publicCard = css({
  w: '100%',
  maxW: '56rem',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
  boxShadow: 'sm',
  p: { base: '5', md: '8' },
})
const staffCard = css({
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  p: { base: '4', md: '8' },
})
const publicHeading = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'bold', lineHeight: 'tight', m: '0', mb: '6' })
const stepHeader = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', justifyContent: 'space-between', gap: '2', mb: '1' })
const stepHeading = css({ fontSize: 'lg', fontWeight: 'bold', m: '0' })
const stepIntro = css({ color: 'fg.muted', fontSize: 'sm', m: '0', mb: '6' })

/** The wizards shown inside the portal's frame, under their page heading. */
const IN_APP_DESCRIPTIONS = {
  staff: "Register a client, its services and its first payment on the client's behalf.",
  company: 'Register another company for your own login: you sign in as now and switch between your companies.',
} as const

export type WizardFrameProps = {
  flavor: WizardFlavor
  step: StepId
  /** 'done' after a successful registration: every column of the progress bar is complete. */
  done?: boolean
  /** A submit is on its way: nothing may clear the form meanwhile. */
  busy?: boolean
  intro?: ReactNode
  children: ReactNode
}

/** A wizard step on screen: the wizard's heading, the five-column progress bar, the step's heading and form. */
export function WizardFrame({ flavor, step, done = false, busy = false, intro, children }: WizardFrameProps) {
  const title = done ? DONE_TITLE : stepTitle(flavor, step)
  useForgetOnLeaving(flavor)
  const body = (
    <>
      <ProgressBar flavor={flavor} current={done ? 'done' : step} />
      <div className={stepHeader}>
        <h2 className={stepHeading} id={`wizard-step-${step}`}>
          {title}
        </h2>
        {!done && !busy && <StartOver flavor={flavor} />}
      </div>
      {intro ? <p className={stepIntro}>{intro}</p> : <div className={css({ h: '4' })} />}
      {children}
    </>
  )
  if (flavor !== 'public') {
    return (
      <>
        <PageHeader title={WIZARD_TITLES[flavor]} description={IN_APP_DESCRIPTIONS[flavor]} />
        <section className={staffCard} aria-labelledby={`wizard-step-${step}`}>
          {body}
        </section>
      </>
    )
  }
  return <PublicWizardCard title={`${WIZARD_TITLES.public}: ${title}`}>{body}</PublicWizardCard>
}

/**
 * Leaving the wizard for another page of the portal forgets the draft (and the passwords kept in
 * memory); moving between its steps, or reloading, does not.
 */
function useForgetOnLeaving(flavor: WizardFlavor) {
  const router = useRouter()
  useEffect(
    () => () => {
      if (!isWizardPath(flavor, router.latestLocation.pathname)) clearDraft(flavor)
    },
    [flavor, router],
  )
}

/** Forgets everything typed so far and goes back to the first step; shown once there is something to forget. */
function StartOver({ flavor }: { flavor: WizardFlavor }) {
  const draft = useDraft(flavor)
  const navigate = useNavigate()
  if (JSON.stringify(draft) === JSON.stringify(EMPTY_DRAFT)) return null
  return (
    <Button
      variant="link"
      size="sm"
      onClick={() => {
        if (!window.confirm('Clear everything typed so far and start again?')) return
        clearDraft(flavor)
        void navigate({ to: stepPath(flavor, STEP_ORDER[flavor][0]), replace: true, reloadDocument: true })
      }}
    >
      Start over
    </Button>
  )
}

function PublicWizardCard({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title)
  return (
    <section className={publicCard} aria-labelledby="wizard-title">
      <h1 id="wizard-title" className={publicHeading}>
        {WIZARD_TITLES.public}
      </h1>
      {children}
    </section>
  )
}

const actions = css({
  display: 'flex',
  flexWrap: 'wrap-reverse',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '3',
  mt: '8',
  pt: '6',
  borderTopWidth: '1px',
  borderColor: 'border.default',
})

export type StepActionsProps = {
  /** Goes to the previous step (keeping what was typed); absent on the first step. */
  onBack?: () => void
  /** The submit button's text. */
  nextLabel?: string
  submitting?: boolean
  disabled?: boolean
  /** Left of the buttons, e.g. a sign-in link on the first public step. */
  aside?: ReactNode
}

/** Previous and Next at the bottom of a step; Next submits the step's form. */
export function StepActions({ onBack, nextLabel = 'Next', submitting = false, disabled = false, aside }: StepActionsProps) {
  return (
    <div className={actions}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        {onBack && (
          <Button variant="outline" onClick={onBack} disabled={submitting}>
            <ChevronLeftIcon aria-hidden="true" />
            Previous
          </Button>
        )}
        {aside}
      </div>
      <Button type="submit" size="lg" loading={submitting} disabled={disabled}>
        {nextLabel}
        {nextLabel === 'Next' && <ChevronRightIcon aria-hidden="true" />}
      </Button>
    </div>
  )
}
