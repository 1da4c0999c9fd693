import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { CheckIcon } from '~/ui/icons'
import { visuallyHiddenClass } from '~/ui/spinner'
import { hiddenOnPhonesClass } from '~/ui/visually-hidden'
import { DONE_TITLE, STEP_ORDER, stepPath, stepTitle, type StepId, type WizardFlavor } from './steps'

export type StepStatus = 'completed' | 'active' | 'pending'

const STATUS_WORDS: Record<StepStatus, string> = { completed: 'completed', active: 'current step', pending: 'not started' }

/** The current step is active, earlier steps are completed, later ones pending. */
export function stepStatuses(flavor: WizardFlavor, current: StepId | 'done'): { step: StepId | 'done'; status: StepStatus }[] {
  const columns: (StepId | 'done')[] = [...STEP_ORDER[flavor], 'done']
  const active = columns.indexOf(current)
  return columns.map((step, index) => ({
    step,
    status: current === 'done' ? 'completed' : index < active ? 'completed' : index === active ? 'active' : 'pending',
  }))
}

const list = css({
  display: 'grid',
  // One column per step of the wizard, and "Done".
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(0, 1fr)',
  listStyle: 'none',
  m: '0',
  p: '0',
  mb: { base: '6', md: '8' },
})
const item = css({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '2',
  textAlign: 'center',
  fontSize: { base: 'xs', sm: 'sm' },
  color: 'fg.muted',
  // The bar between this column's marker and the previous one.
  '&:not(:first-child)::before': {
    content: '""',
    position: 'absolute',
    top: '4',
    right: '50%',
    width: '100%',
    height: '2px',
    transform: 'translateY(-50%)',
    bg: 'border.default',
    zIndex: 0,
  },
  '&[data-status=completed]:not(:first-child)::before, &[data-status=active]:not(:first-child)::before': { bg: 'accent' },
  '&[data-status=active]': { color: 'fg.default', fontWeight: 'semibold' },
  '&[data-status=completed]': { color: 'fg.default' },
})
const marker = css({
  position: 'relative',
  zIndex: 1,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '8',
  h: '8',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'border.strong',
  bg: 'bg.surface',
  fontWeight: 'semibold',
  fontSize: 'sm',
  '[data-status=active] &': { borderColor: 'accent', color: 'fg.accent', boxShadow: '0 0 0 3px token(colors.accent.muted)' },
  '[data-status=completed] &': { borderColor: 'accent', bg: 'accent', color: 'accent.fg' },
  '& svg': { w: '4', h: '4' },
})
// Phones show the markers only (the step's heading names it); the names stay for screen readers.
const label = cx(css({ lineHeight: 'tight', px: '1' }), hiddenOnPhonesClass)
const stepLink = css({ color: 'inherit', textDecoration: 'none', display: 'contents', '&:hover span:last-child': { textDecoration: 'underline' } })

export type ProgressBarProps = {
  flavor: WizardFlavor
  /** The step on screen, or 'done' after a successful registration. */
  current: StepId | 'done'
}

/**
 * The wizard's progress bar: its steps (four, or three when a client adds a company) and "Done". Completed steps link
 * back to themselves, so a person can correct an earlier answer.
 */
export function ProgressBar({ flavor, current }: ProgressBarProps) {
  const columns = stepStatuses(flavor, current)
  return (
    <nav aria-label="Progress">
      <ol className={list}>
        {columns.map(({ step, status }, index) => {
          const title = step === 'done' ? DONE_TITLE : stepTitle(flavor, step)
          const content = (
            <>
              <span className={marker} aria-hidden="true">
                {status === 'completed' ? <CheckIcon /> : index + 1}
              </span>
              <span className={label}>
                {title}
                <span className={visuallyHiddenClass}>{`, ${STATUS_WORDS[status]}`}</span>
              </span>
            </>
          )
          return (
            <li key={step} className={item} data-status={status} aria-current={status === 'active' ? 'step' : undefined}>
              {status === 'completed' && step !== 'done' && current !== 'done' ? (
                <Link to={stepPath(flavor, step)} className={stepLink}>
                  {content}
                </Link>
              ) : (
                content
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
