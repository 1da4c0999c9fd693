import { describe, expect, it } from 'vitest'
import { shipmentMoveText } from './status-dialog'

const documents = (...names: string[]) =>
  names.map((name, index) => ({ requestId: index + 1, id: index + 10, documentTypeNavigation: { name }, dateReceived: '2026-12-01' }))

describe('the status dialog of a shipment', () => {
  it('says a move takes every document of the shipment, by name', () => {
    expect(shipmentMoveText({ documents: documents('General Mail', 'Bank Statement') }, 3)).toBe(
      'This marks as Mailed all 2 documents of the shipment, which go together: General Mail, Bank Statement.',
    )
    expect(shipmentMoveText({ documents: documents('General Mail', 'Bank Statement', 'Tax Notice') }, 5)).toBe(
      'This cancels all 3 documents of the shipment, which go together: General Mail, Bank Statement, Tax Notice.',
    )
  })

  it('says nothing more for a shipment of one document', () => {
    expect(shipmentMoveText({ documents: documents('General Mail') }, 2)).toBeNull()
  })
})
