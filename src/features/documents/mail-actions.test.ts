import type { Document } from '@contract/documents'
import { describe, expect, it } from 'vitest'
import { availableMailActions } from './documents-table'

const base = {
  status: 'active',
  kind: 'envelope',
  openRequestId: null,
  originalMailed: null,
  mailAction: null,
} as unknown as Document
const at = '2026-11-21T15:00:00.000Z'
const action = (kind: 'open-and-scan' | 'shred' | 'hold', status: 'open' | 'done', originalOnly = false) =>
  ({ id: 1, action: kind, status, requestedAt: at, completedAt: status === 'done' ? at : null, scanDocumentId: null, originalOnly }) as const

describe('the actions a client may ask for on a piece of mail', () => {
  it('an envelope: open and scan, hold, shred; a scan: hold and shred', () => {
    expect(availableMailActions(base)).toEqual(['open-and-scan', 'hold', 'shred'])
    expect(availableMailActions({ ...base, kind: 'document' })).toEqual(['hold', 'shred'])
  })

  it('none while an action or a mail request is open, or once shredded', () => {
    expect(availableMailActions({ ...base, mailAction: action('hold', 'open') })).toEqual([])
    expect(availableMailActions({ ...base, openRequestId: 4 })).toEqual([])
    expect(availableMailActions({ ...base, status: 'shredded' })).toEqual([])
  })

  it('a rule’s shred of the paper leaves the scan to shred; once the paper is gone it cannot be held', () => {
    expect(availableMailActions({ ...base, kind: 'document', mailAction: action('shred', 'open', true) })).toEqual(['shred'])
    expect(availableMailActions({ ...base, kind: 'document', mailAction: action('shred', 'done', true) })).toEqual(['shred'])
  })

  it('an opened envelope is not opened again; a held or mailed original is not held again', () => {
    expect(availableMailActions({ ...base, mailAction: action('open-and-scan', 'done') })).toEqual(['hold', 'shred'])
    expect(availableMailActions({ ...base, mailAction: action('hold', 'done') })).toEqual(['open-and-scan', 'shred'])
    const mailed = { requestId: 3, statusName: 'Mailed', mailedAt: at, carrier: null, trackingNumber: null }
    expect(availableMailActions({ ...base, kind: 'document', originalMailed: mailed })).toEqual(['shred'])
  })
})
