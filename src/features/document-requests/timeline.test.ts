import { DOCUMENT_REQUEST_STATUSES } from '@contract/document-requests'
import { describe, expect, it } from 'vitest'
import { matchRequestStatus, NO_STATUS_MATCH, requestListRequest, DEFAULT_REQUEST_LIST_STATE } from './list-params'
import { timelineSteps } from './progress-page'

const statuses = DOCUMENT_REQUEST_STATUSES.map((s) => ({ id: s.id, name: s.name }))
const event = (status: number, extra: Partial<{ carrier: string; trackingNumber: string }> = {}) => ({
  id: status,
  status,
  statusName: statuses.find((s) => s.id === status)!.name,
  note: null,
  carrier: extra.carrier ?? null,
  trackingNumber: extra.trackingNumber ?? null,
  by: 'agent' as const,
  createdAt: `2026-11-2${status}T15:00:00Z`,
})

describe('the document-progress timeline', () => {
  it('walks Requested, Processing, Mailed, Delivered: done, current, then not yet', () => {
    const steps = timelineSteps({ status: 3, events: [event(1), event(2), event(3, { carrier: 'USPS', trackingNumber: '9400' })] }, statuses)
    expect(steps.map((s) => [s.name, s.state])).toEqual([
      ['Requested', 'done'],
      ['Processing', 'done'],
      ['Mailed', 'current'],
      ['Delivered', 'upcoming'],
    ])
    expect(steps[2].event?.trackingNumber).toBe('9400')
  })

  it('ends at Cancelled after the steps a cancelled request reached', () => {
    const steps = timelineSteps({ status: 5, events: [event(1), event(2), event(5)] }, statuses)
    expect(steps.map((s) => [s.name, s.state])).toEqual([
      ['Requested', 'done'],
      ['Processing', 'done'],
      ['Cancelled', 'cancelled'],
    ])
  })

  it('marks Delivered done: nothing is left to happen', () => {
    const steps = timelineSteps({ status: 4, events: [event(1), event(2), event(3), event(4)] }, statuses)
    expect(steps.every((s) => s.state === 'done')).toBe(true)
  })
})

describe('the requested documents Status filter', () => {
  it('reads a status by the start of its name, or open requests', () => {
    expect(matchRequestStatus('mai')).toEqual({ status: 3 })
    expect(matchRequestStatus('open')).toEqual({ open: true })
    expect(matchRequestStatus('x')).toBeNull()
    expect(requestListRequest({ ...DEFAULT_REQUEST_LIST_STATE, status: 'deliv', q: ' usps ' })).toEqual({
      kind: 'query',
      params: { page: 1, pageSize: 20, status: 4, q: 'usps' },
    })
    expect(requestListRequest({ ...DEFAULT_REQUEST_LIST_STATE, status: 'lost' })).toEqual({ kind: 'no-match', message: NO_STATUS_MATCH })
  })
})
