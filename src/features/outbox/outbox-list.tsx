import { formatBytes } from '@contract/file-size'
import { css } from 'styled-system/css'
import { clearSent, discardEntry, retryEntry, useOutbox, type OutboxEntry } from '~/lib/outbox/outbox'
import { useUploadProgress } from '~/lib/outbox/progress'
import { StatusBadge, type Tone } from '~/ui/badge'
import { Button } from '~/ui/button'

const list = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '2' })
const row = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: '3',
  alignItems: 'center',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  bg: 'bg.surface',
  '&[data-state=failed]': { borderColor: 'danger.border', bg: 'bg.danger' },
  '&[data-state=sent]': { borderColor: 'success.border' },
})
const label = css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', wordBreak: 'break-word' })
const stateLine = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mt: '1' })
const reasonText = css({ fontSize: 'sm', color: 'fg.muted' })
const failedText = css({ fontSize: 'sm', color: 'fg.danger' })
const progressLine = css({ display: 'flex', flexDirection: 'column', gap: '1', mt: '2', fontSize: 'sm', color: 'fg.muted' })
const bar = css({ w: 'full', h: '1.5', accentColor: 'accent' })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })
const header = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })
const title = css({ m: '0', fontSize: 'md', fontWeight: 'semibold' })

const STATE: Record<OutboxEntry['state'], { text: string; tone: Tone }> = {
  waiting: { text: 'Waiting to send', tone: 'warning' },
  sending: { text: 'Sending', tone: 'info' },
  sent: { text: 'Sent', tone: 'success' },
  failed: { text: 'Not sent', tone: 'danger' },
}

/** The size of an upload's file (null for other changes, and once it is sent and its file dropped). */
const fileSizeOf = (entry: OutboxEntry): number | null => ('upload' in entry.request && entry.request.upload.file ? entry.request.upload.file.size : null)

/** An upload being sent from this page: bytes the server has, of the file's size, and the speed. */
function UploadProgressLine({ entry }: { entry: OutboxEntry }) {
  const progress = useUploadProgress(entry.seq)
  const total = progress?.total ?? fileSizeOf(entry)
  if (!progress || total === null) return null
  const speed = progress.bytesPerSecond === null ? '' : ` · ${formatBytes(Math.max(0, Math.round(progress.bytesPerSecond)))}/s`
  return (
    <span className={progressLine}>
      <progress className={bar} max={total} value={progress.sent} aria-label={`${entry.label}: bytes sent`} />
      <span data-testid="upload-progress">{`${formatBytes(progress.sent)} of ${formatBytes(total)} sent${speed}`}</span>
    </span>
  )
}

/** One change and what became of it: its state, the reason, and what the user can do about it. */
function OutboxRow({ entry }: { entry: OutboxEntry }) {
  const state = STATE[entry.state]
  const size = fileSizeOf(entry)
  return (
    <li className={row} data-state={entry.state} aria-label={entry.label}>
      <div>
        <span className={label}>{entry.label}</span>
        <span className={stateLine}>
          <StatusBadge tone={state.tone}>{state.text}</StatusBadge>
          {size !== null && entry.state !== 'sending' && <span className={reasonText}>{formatBytes(size)}</span>}
          {entry.reason && (
            <span className={entry.state === 'failed' ? failedText : reasonText} role={entry.state === 'failed' ? 'alert' : undefined}>
              {entry.reason}
            </span>
          )}
        </span>
        {entry.state === 'sending' && 'upload' in entry.request && <UploadProgressLine entry={entry} />}
      </div>
      <div className={actions}>
        {entry.state === 'failed' && entry.retryable && (
          <Button size="sm" variant="outline" onClick={() => void retryEntry(entry.seq)} aria-label={`Retry ${entry.label}`}>
            Retry
          </Button>
        )}
        {(entry.state === 'failed' || entry.state === 'waiting') && (
          <Button size="sm" variant="ghost" onClick={() => void discardEntry(entry.seq)} aria-label={`Remove ${entry.label}`}>
            Remove
          </Button>
        )}
      </div>
    </li>
  )
}

export type OutboxListProps = {
  /** The kinds of change this page owns; all of them when left out. */
  kinds?: readonly string[]
  /** The list's heading (an h2). */
  heading?: string
}

/**
 * The changes made on this device and what became of each (waiting, sending, sent, or not sent with
 * the server's reason and Retry/Remove). Shows nothing when there are none.
 */
export function OutboxList({ kinds, heading = 'Saved on this device' }: OutboxListProps) {
  const entries = useOutbox(kinds)
  if (entries.length === 0) return null
  const sent = entries.filter((entry) => entry.state === 'sent').length
  const open = entries.length - sent
  return (
    <section aria-label={heading} className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <div className={header}>
        <h2 className={title}>{heading}</h2>
        {sent > 0 && (
          <Button size="sm" variant="ghost" onClick={() => void clearSent(kinds)}>
            Clear sent
          </Button>
        )}
      </div>
      <p className={reasonText} role="status">
        {open === 0 ? `All ${sent} sent.` : `${open} not sent yet${sent ? `, ${sent} sent` : ''}.`}
      </p>
      <ul className={list}>
        {entries.map((entry) => (
          <OutboxRow key={entry.seq} entry={entry} />
        ))}
      </ul>
    </section>
  )
}
