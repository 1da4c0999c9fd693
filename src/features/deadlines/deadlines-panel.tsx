import type { Deadline } from '@contract/deadlines'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { formatDocumentDate, todayYmd } from '~/lib/dates'
import { useRequiredSession, userKind } from '~/lib/session'
import { documentKeys } from '~/features/documents/keys'
import { StatusBadge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { Panel } from '~/ui/card'
import { TextInput } from '~/ui/text-input'
import {
  acknowledgeDocument,
  createCalendarFeed,
  deadlineKeys,
  deadlinesQueryOptions,
  formationDateQueryOptions,
  markFiled,
  revokeCalendarFeed,
  setFormationDate,
} from './api'
import { countdownText, dollars, STATUS_LABELS, STATUS_TONES } from './countdown'

const list = css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '3' })
const item = css({ display: 'grid', gap: '1', pb: '3', borderBottomWidth: '1px', borderColor: 'border.default', _last: { borderBottomWidth: '0', pb: '0' } })
const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', justifyContent: 'space-between' })
const title = css({ fontWeight: 'semibold' })
const muted = css({ color: 'fg.muted', fontSize: 'sm' })
const countdown = css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold', fontSize: 'sm' })
const inline = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: '2', mt: '1' })
const label = css({ display: 'grid', gap: '1', fontSize: 'sm' })
const error = css({ color: 'fg.danger', fontSize: 'sm' })
const section = css({ display: 'grid', gap: '2', mt: '4', pt: '4', borderTopWidth: '1px', borderColor: 'border.default' })
const link = css({ color: 'fg.accent', textDecoration: 'underline', fontSize: 'sm' })

/** A date form inline: one date field, Save and Cancel, the server's refusal shown beside it. */
function DateForm(props: { label: string; initial: string; saving: boolean; failure: string | null; onSave: (day: string) => void; onCancel: () => void }) {
  const [day, setDay] = useState(props.initial)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onSave(day)
  }
  return (
    <form className={inline} onSubmit={submit}>
      <label className={label}>
        {props.label}
        <TextInput type="date" required value={day} max={todayYmd()} onChange={(event) => setDay(event.target.value)} size="sm" />
      </label>
      <Button type="submit" size="sm" loading={props.saving}>
        Save
      </Button>
      <Button variant="ghost" size="sm" onClick={props.onCancel}>
        Cancel
      </Button>
      {props.failure && (
        <p role="alert" className={error}>
          {props.failure}
        </p>
      )}
    </form>
  )
}

function DeadlineItem({
  deadline,
  clientId,
  canAct,
  isClient,
  today,
}: {
  deadline: Deadline
  clientId: number
  canAct: boolean
  isClient: boolean
  today: string
}) {
  const queryClient = useQueryClient()
  const [filing, setFiling] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey: deadlineKeys.all })
  const file = useMutation({
    mutationFn: (filedOn: string) => markFiled(clientId, deadline.year!, filedOn),
    onSuccess: async () => {
      setFiling(false)
      await refresh()
    },
  })
  const acknowledge = useMutation({
    mutationFn: () => acknowledgeDocument(deadline.documentId!),
    // The documents lists show it acknowledged too.
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: documentKeys.lists() })]),
  })
  const fees =
    deadline.kind === 'annual-report' && deadline.fee !== undefined
      ? `State fee ${dollars(deadline.fee)}${deadline.lateFee ? `; ${dollars(deadline.lateFee)} late fee after ${formatDocumentDate(deadline.dueDate)}` : ''}`
      : null
  return (
    <li className={item} data-testid="deadline">
      <div className={row}>
        <span className={title}>{deadline.title}</span>
        <StatusBadge tone={STATUS_TONES[deadline.status]}>{STATUS_LABELS[deadline.status]}</StatusBadge>
      </div>
      <div className={row}>
        <span className={muted}>
          {deadline.kind === 'dissolution' ? 'Last day before dissolution' : 'Due'} {formatDocumentDate(deadline.dueDate)}
          {deadline.filedOn && ` · filed ${formatDocumentDate(deadline.filedOn)}`}
        </span>
        <span className={countdown}>{countdownText(deadline, today)}</span>
      </div>
      {fees && <span className={muted}>{fees}</span>}
      {deadline.kind === 'service-of-process' && (
        <span className={muted}>
          {deadline.estimate ? 'An estimate from the court rules: confirm the date with your attorney. ' : 'Date confirmed by our staff. '}
          {isClient ? (
            <Link to="/client/documents" search={{ document: deadline.documentId! }} className={link}>
              Open the papers
            </Link>
          ) : (
            <Link to="/provider/documents" search={{ document: deadline.documentId! }} className={link}>
              Open the papers
            </Link>
          )}
        </span>
      )}
      {deadline.kind === 'service-of-process' && deadline.acknowledged && (
        <span className={muted} data-testid="acknowledged">
          <StatusBadge tone="success">Acknowledged</StatusBadge>{' '}
          {isClient ? 'You have it in hand: the reminders have stopped.' : 'The client has it in hand: the reminders have stopped.'}
        </span>
      )}
      {canAct && deadline.kind === 'annual-report' && deadline.status !== 'done' && deadline.dueDate.slice(0, 4) <= today.slice(0, 4) && !filing && (
        <div>
          <Button variant="outline" size="sm" onClick={() => setFiling(true)}>
            Mark {deadline.year} report filed
          </Button>
        </div>
      )}
      {filing && (
        <DateForm
          label="Date filed with Sunbiz"
          initial={today}
          saving={file.isPending}
          failure={file.isError ? errorMessage(file.error) : null}
          onSave={(day) => file.mutate(day)}
          onCancel={() => setFiling(false)}
        />
      )}
      {isClient && deadline.kind === 'service-of-process' && deadline.acknowledged === false && (
        <div className={inline}>
          <Button size="sm" onClick={() => acknowledge.mutate()} loading={acknowledge.isPending}>
            Acknowledge: we have it in hand
          </Button>
          {acknowledge.isError && (
            <p role="alert" className={error}>
              {errorMessage(acknowledge.error)}
            </p>
          )}
        </div>
      )}
    </li>
  )
}

function FormationDate({ clientId, canEdit }: { clientId: number; canEdit: boolean }) {
  const queryClient = useQueryClient()
  const query = useQuery(formationDateQueryOptions(clientId))
  const [editing, setEditing] = useState(false)
  const save = useMutation({
    mutationFn: (formedOn: string) => setFormationDate(clientId, formedOn),
    onSuccess: async () => {
      setEditing(false)
      await queryClient.invalidateQueries({ queryKey: deadlineKeys.all })
    },
  })
  const formedOn = query.data?.formedOn ?? null
  return (
    <div>
      <span className={muted}>
        Date of formation: {formedOn ? formatDocumentDate(formedOn) : 'not set (the first annual report is due the year after formation)'}
      </span>{' '}
      {canEdit && !editing && (
        <Button variant="link" size="sm" onClick={() => setEditing(true)}>
          {formedOn ? 'Change' : 'Set it'}
        </Button>
      )}
      {editing && (
        <DateForm
          label="Date of formation or registration"
          initial={formedOn ?? ''}
          saving={save.isPending}
          failure={save.isError ? errorMessage(save.error) : null}
          onSave={(day) => save.mutate(day)}
          onCancel={() => setEditing(false)}
        />
      )}
    </div>
  )
}

function CalendarFeed({ clientId }: { clientId: number }) {
  const [url, setUrl] = useState<string | null>(null)
  const create = useMutation({ mutationFn: () => createCalendarFeed(clientId), onSuccess: (feed) => setUrl(feed.url) })
  const revoke = useMutation({ mutationFn: () => revokeCalendarFeed(clientId), onSuccess: () => setUrl(null) })
  const failure = create.error ?? revoke.error
  return (
    <div className={section}>
      <span className={title}>Calendar</span>
      <span className={muted}>
        A private address for Google Calendar, Outlook or Apple Calendar (add a calendar “from URL” or “by subscription”). Anyone with it sees these deadlines;
        a new address stops the old one.
      </span>
      {url && <TextInput aria-label="Calendar address" readOnly value={url} onFocus={(event) => event.target.select()} size="sm" />}
      <div className={inline}>
        <Button variant="outline" size="sm" onClick={() => create.mutate()} loading={create.isPending}>
          {url ? 'Make a new address' : 'Get a calendar address'}
        </Button>
        {url && (
          <Button variant="outline" size="sm" onClick={() => void navigator.clipboard?.writeText(url)}>
            Copy
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={() => revoke.mutate()} loading={revoke.isPending}>
          Stop sharing the calendar
        </Button>
      </div>
      {failure && (
        <p role="alert" className={error}>
          {errorMessage(failure, 'The calendar address could not be changed. Please try again.')}
        </p>
      )}
    </div>
  )
}

/**
 * The client's next deadlines (annual report, answer dates of service of process) with a countdown,
 * the formation date, marking a report filed and the calendar address. `canAct`: the client itself or
 * staff who may edit the profile; acknowledging a service of process is the client's own.
 */
export function DeadlinesPanel({ clientId, canAct, limit = 4, calendar = true }: { clientId: number; canAct: boolean; limit?: number; calendar?: boolean }) {
  const query = useQuery(deadlinesQueryOptions(clientId))
  // Only a client user acknowledges a service of process (staff see whether it was).
  const isClient = userKind(useRequiredSession().user) === 'client'
  const today = todayYmd()
  const shown = query.data?.data.slice(0, limit) ?? []
  return (
    <Panel title="Deadlines" description="Florida annual report and answer dates, on Florida time">
      {query.isPending ? (
        <p className={muted}>Loading deadlines…</p>
      ) : query.isError && !query.data ? (
        <p role="alert" className={error}>
          {errorMessage(query.error, 'The deadlines could not be loaded.')}
        </p>
      ) : shown.length === 0 ? (
        <p className={muted}>No deadlines to track.</p>
      ) : (
        <ul className={list} aria-label="Next deadlines">
          {shown.map((deadline) => (
            <DeadlineItem
              key={`${deadline.kind}-${deadline.year ?? deadline.documentId}`}
              deadline={deadline}
              clientId={clientId}
              canAct={canAct}
              isClient={isClient}
              today={today}
            />
          ))}
        </ul>
      )}
      <div className={section}>
        <FormationDate clientId={clientId} canEdit={canAct} />
      </div>
      {calendar && canAct && <CalendarFeed clientId={clientId} />}
    </Panel>
  )
}
