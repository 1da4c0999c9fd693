import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import { isOpen, useOutbox } from '~/lib/outbox/outbox'

const OutboxDialog = lazy(() => import('./outbox-dialog'))

const trigger = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  h: '8',
  px: '2.5',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'warning.border',
  bg: 'bg.warning',
  color: 'fg.warning',
  fontSize: 'xs',
  fontWeight: 'semibold',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  '&[data-failed]': { borderColor: 'danger.border', bg: 'bg.danger', color: 'fg.danger' },
})

/**
 * The top bar's count of changes not sent yet (waiting, sending, or refused and waiting for the user),
 * opening the list of all of them. Hidden when everything has been sent.
 */
export function OutboxIndicator() {
  const open = useOutbox().filter(isOpen)
  const [shown, setShown] = useState(false)
  if (open.length === 0 && !shown) return null
  const failed = open.filter((entry) => entry.state === 'failed').length
  const text = failed > 0 ? `${open.length} not sent` : `${open.length} waiting`
  return (
    <>
      {open.length > 0 && (
        <button
          type="button"
          className={trigger}
          data-failed={failed > 0 || undefined}
          onClick={() => setShown(true)}
          aria-label={`${open.length} ${open.length === 1 ? 'change' : 'changes'} not sent yet${failed ? `, ${failed} refused` : ''}`}
        >
          {text}
        </button>
      )}
      {shown && (
        <Suspense fallback={null}>
          <OutboxDialog onClose={() => setShown(false)} />
        </Suspense>
      )}
    </>
  )
}
