import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { formatDocumentDate, todayYmd } from '~/lib/dates'
import { StatusBadge } from '~/ui/badge'
import { Panel } from '~/ui/card'
import { atRiskQueryOptions } from './api'
import { countdownText } from './countdown'

const table = css({
  w: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { textAlign: 'left', py: '2', pr: '3', borderBottomWidth: '1px', borderColor: 'border.default', verticalAlign: 'top' },
})
const muted = css({ color: 'fg.muted', fontSize: 'sm' })
const link = css({ color: 'fg.accent', textDecoration: 'underline' })
const REASONS = { late: 'Late', 'due-soon': 'Due within 14 days', 'not-acknowledged': 'Not acknowledged' } as const
const TONES = { late: 'danger', 'due-soon': 'warning', 'not-acknowledged': 'warning' } as const

/** Staff: every client's deadlines at risk, soonest first (late, due within 14 days, service not acknowledged). */
export function AtRiskPanel() {
  const query = useQuery(atRiskQueryOptions())
  const today = todayYmd()
  const data = query.data
  return (
    <Panel
      title="Deadlines at risk"
      description={data ? `${data.total} across clients: late, due within 14 days, or service of process not acknowledged` : 'Across clients'}
    >
      {query.isPending ? (
        <p className={muted}>Loading deadlines…</p>
      ) : query.isError && !data ? (
        <p role="alert" className={muted}>
          {errorMessage(query.error, 'The deadlines could not be loaded.')}
        </p>
      ) : !data || data.data.length === 0 ? (
        <p className={muted}>No deadline at risk.</p>
      ) : (
        <table className={table}>
          <thead>
            <tr>
              <th scope="col">Client</th>
              <th scope="col">Deadline</th>
              <th scope="col">Due</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((deadline) => (
              <tr key={`${deadline.clientId}-${deadline.kind}-${deadline.year ?? deadline.documentId}`}>
                <td>
                  <Link to="/provider/clients/$id" params={{ id: String(deadline.clientId) }} search={{ tab: 'basic' }} className={link}>
                    {deadline.companyName}
                  </Link>
                </td>
                <td>{deadline.title}</td>
                <td>
                  {formatDocumentDate(deadline.dueDate)}
                  <div className={muted}>{countdownText(deadline, today)}</div>
                </td>
                <td>
                  <StatusBadge tone={TONES[deadline.reason]}>{REASONS[deadline.reason]}</StatusBadge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  )
}
