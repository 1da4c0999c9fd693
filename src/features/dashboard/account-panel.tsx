import type { ClientDashboard } from '@contract/dashboard'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { StatusBadge } from '~/ui/badge'
import { Panel } from '~/ui/card'
import { cardLink, cardText } from './figure-card'

type Account = ClientDashboard['account']

// Each term above its value: the panel may share a row with recent activity, and an address wraps.
const list = css({ display: 'grid', rowGap: '0.5', m: '0', fontSize: 'sm' })
const term = css({ color: 'fg.muted', mt: '3', _first: { mt: '0' } })
const profileLink = css({ fontSize: 'sm' })
const value = css({ m: '0', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', minH: '1lh' })
const address = css({ display: 'block' })
// Where a value will be once the dashboard has loaded, a line high: the panel keeps its size meanwhile.
const placeholder = css({ display: 'block', w: '60%', borderRadius: 'sm', bg: 'bg.subtle' })
const height = { 1: css({ h: '1lh' }), 2: css({ h: '2lh' }) }

function Placeholder({ lines = 1 }: { lines?: 1 | 2 }) {
  return <span className={cx(placeholder, height[lines])} aria-hidden="true" />
}

/**
 * The client's service with the provider: the address service it holds and whether it is in force, the
 * registered agent (the provider) with the street address where its official mail and service of process
 * are received, and its mailbox number. Without the figures yet, each value is a placeholder line.
 */
export function AccountPanel({ account, clientId }: { account?: Account; clientId: number }) {
  const service = account?.service
  return (
    <Panel
      title="Your service"
      footer={
        <Link to="/client/profile/$id" params={{ id: String(clientId) }} className={cx(cardLink, profileLink)}>
          View your profile
        </Link>
      }
    >
      <dl className={list} aria-busy={!account || undefined}>
        <dt className={term}>Service</dt>
        <dd className={value}>
          {!account ? (
            <Placeholder />
          ) : service ? (
            <>
              <span>
                {service.name}
                {service.packageName && <span className={cardText}> · {service.packageName}</span>}
              </span>
              <StatusBadge tone={service.active ? 'success' : 'neutral'}>{service.active ? 'Active' : 'Inactive'}</StatusBadge>
            </>
          ) : (
            'No registered-agent service yet'
          )}
        </dd>
        <dt className={term}>Registered agent</dt>
        <dd className={value}>
          {!account ? (
            <Placeholder lines={2} />
          ) : (
            <span>
              {account.registeredAgent.name && <span className={address}>{account.registeredAgent.name}</span>}
              <span className={address}>{account.registeredAgent.address}</span>
            </span>
          )}
        </dd>
        <dt className={term}>Mailbox number</dt>
        <dd className={value}>{!account ? <Placeholder /> : (account.mailboxNumber ?? 'None')}</dd>
      </dl>
    </Panel>
  )
}
