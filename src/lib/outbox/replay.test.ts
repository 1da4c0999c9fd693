import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { outcomeOfRefusal, reasonOf } from './http'
import { replayOutbox, type SendOutcome } from './replay'
import { addEntries, deleteOutbox, listEntries, updateEntry, type NewOutboxEntry, type OutboxEntry } from './store'

const USER = 7
const change = (label: string, patch: Partial<NewOutboxEntry> = {}): NewOutboxEntry => ({
  userId: USER,
  kind: 'mail-request',
  label,
  request: { method: 'POST', path: '/client/document-request', json: { label } },
  idempotencyKey: `key-${label}`,
  ...patch,
})

const addEntry = async (entry: NewOutboxEntry) => (await addEntries([entry]))[0]!

/** A server that remembers what it stored by Idempotency-Key, as the portal's does. */
function fakeServer(answer: (entry: OutboxEntry, call: number) => SendOutcome | 'store-then-drop' = () => ({ kind: 'sent' })) {
  const stored = new Map<string, string>()
  const calls: string[] = []
  const send = async (entry: OutboxEntry): Promise<SendOutcome> => {
    calls.push(entry.idempotencyKey)
    const result = answer(entry, calls.length)
    if (result === 'store-then-drop') {
      stored.set(entry.idempotencyKey, entry.label)
      return { kind: 'unreachable', reason: 'dropped' }
    }
    if (result.kind === 'sent') stored.set(entry.idempotencyKey, entry.label)
    return result
  }
  return { send, calls, stored }
}

afterEach(() => deleteOutbox())

describe('the outbox replay', () => {
  it('stores a batch in one go, in order, and keeps none of it when one entry cannot be stored', async () => {
    const batch = await addEntries([change('a'), change('b'), change('c')])
    expect(batch.map((entry) => entry.label)).toEqual(['a', 'b', 'c'])
    expect((await listEntries(USER)).map((entry) => [entry.seq, entry.label])).toEqual(batch.map((entry) => [entry.seq, entry.label]))

    const notStorable = change('e', { request: { method: 'POST', path: '/x', json: { callback: () => undefined } } })
    await expect(addEntries([change('d'), notStorable, change('f')])).rejects.toThrow()
    expect((await listEntries(USER)).map((entry) => entry.label)).toEqual(['a', 'b', 'c'])
  })

  it('sends every waiting entry once, in the order they were made, and marks them sent', async () => {
    for (const label of ['a', 'b', 'c']) await addEntry(change(label))
    const server = fakeServer()
    const report = await replayOutbox(USER, server.send)
    expect(server.calls).toEqual(['key-a', 'key-b', 'key-c'])
    expect(report.sent.map((entry) => entry.label)).toEqual(['a', 'b', 'c'])
    expect((await listEntries(USER)).map((entry) => entry.state)).toEqual(['sent', 'sent', 'sent'])
    // Nothing is sent again by a later replay.
    await replayOutbox(USER, server.send)
    expect(server.calls).toHaveLength(3)
  })

  it('stops at a network failure, keeps the entry and those after it waiting, and resends it with the same key', async () => {
    for (const label of ['a', 'b', 'c']) await addEntry(change(label))
    const server = fakeServer((entry, call) => (entry.label === 'b' && call === 2 ? 'store-then-drop' : { kind: 'sent' }))
    const first = await replayOutbox(USER, server.send)
    expect(first.waiting).toBe(true)
    expect((await listEntries(USER)).map((entry) => [entry.label, entry.state, entry.reason])).toEqual([
      ['a', 'sent', undefined],
      ['b', 'waiting', 'dropped'],
      ['c', 'waiting', undefined],
    ])
    await replayOutbox(USER, server.send)
    // The lost answer is replayed with its key: the server holds one of each.
    expect(server.calls).toEqual(['key-a', 'key-b', 'key-b', 'key-c'])
    expect([...server.stored.values()]).toEqual(['a', 'b', 'c'])
    expect((await listEntries(USER)).every((entry) => entry.state === 'sent')).toBe(true)
  })

  it('stops a refused entry with the server’s reason (no retry for a 4xx) and goes on with the rest', async () => {
    await addEntry(change('a'))
    await addEntry(change('b'))
    const server = fakeServer((entry) => (entry.label === 'a' ? outcomeOfRefusal(415, 'a.pdf is not a PDF, JPEG, PNG or TIFF file') : { kind: 'sent' }))
    const report = await replayOutbox(USER, server.send)
    expect(report.failed).toHaveLength(1)
    const [refused, sent] = await listEntries(USER)
    expect(refused).toMatchObject({ state: 'failed', status: 415, retryable: false, reason: 'a.pdf is not a PDF, JPEG, PNG or TIFF file' })
    expect(sent.state).toBe('sent')
    // A refused entry is not sent again on its own.
    await replayOutbox(USER, server.send)
    expect(server.calls).toEqual(['key-a', 'key-b'])
  })

  it('sends an entry left "sending" by a closed tab again, with its key', async () => {
    const entry = await addEntry(change('cut-off'))
    await updateEntry(entry.seq, () => ({ state: 'sending', attempts: 1 }))
    const server = fakeServer()
    await replayOutbox(USER, server.send)
    expect(server.calls).toEqual(['key-cut-off'])
    expect((await listEntries(USER))[0]).toMatchObject({ state: 'sent', attempts: 2 })
  })

  it('never sends another user’s entries', async () => {
    await addEntry(change('mine'))
    await addEntry(change('theirs', { userId: 8 }))
    const server = fakeServer()
    await replayOutbox(USER, server.send)
    expect(server.calls).toEqual(['key-mine'])
    expect((await listEntries(8))[0].state).toBe('waiting')
  })

  it('runs one replay at a time: two owners starting together send each entry once', async () => {
    for (const label of ['a', 'b', 'c', 'd']) await addEntry(change(label))
    const server = fakeServer()
    await Promise.all([replayOutbox(USER, server.send), replayOutbox(USER, server.send), replayOutbox(USER, server.send)])
    expect(server.calls).toEqual(['key-a', 'key-b', 'key-c', 'key-d'])
  })

  it('keeps an upload’s file until the server has it, then drops it from the device', async () => {
    const file = new Blob(['%PDF-1.4 scan'], { type: 'application/pdf' })
    await addEntry(
      change('scan.pdf', {
        kind: 'upload',
        request: { method: 'POST', path: '/document/client/1', form: { fields: [['jurisdiction', '1']], file, fileName: 'scan.pdf' } },
      }),
    )
    const stored = (await listEntries(USER))[0]
    expect('form' in stored.request && stored.request.form.file).toBeTruthy()
    await replayOutbox(USER, fakeServer().send)
    const sent = (await listEntries(USER))[0]
    expect('form' in sent.request && sent.request.form.file).toBeNull()
  })
})

describe('what a refusal says', () => {
  it('shows the server’s words once, not its detail and then its details repeating it', () => {
    const tooLarge = 'scan.pdf is larger than 1 MB, the largest file the portal accepts. Split the scan or scan it at a lower resolution.'
    expect(reasonOf({ detail: 'scan.pdf is larger than 1 MB', details: tooLarge }, 413)).toBe(tooLarge)
    expect(reasonOf({ detail: 'Invalid form', details: 'Pick a type' }, 422)).toBe('Invalid form. Pick a type')
    expect(reasonOf({ detail: 'Client not found' }, 404)).toBe('Client not found')
    expect(reasonOf(undefined, 400)).toBe('Refused by the server (400)')
  })

  it('waits on a busy server or an ended sign-in, and offers a retry only for server errors, not for a 4xx', () => {
    expect(outcomeOfRefusal(503, 'x').kind).toBe('unreachable')
    expect(outcomeOfRefusal(401, 'x').kind).toBe('unreachable')
    expect(outcomeOfRefusal(415, 'x')).toMatchObject({ kind: 'failed', retryable: false })
    expect(outcomeOfRefusal(500, 'x')).toMatchObject({ kind: 'failed', retryable: true })
  })
})

describe('entries of one company', () => {
  it('are sent only while that company is the session’s; the other company’s stay queued', async () => {
    await addEntry(change('in-a', { clientId: 3 }))
    await addEntry(change('in-b', { clientId: 4 }))
    const server = fakeServer()
    await replayOutbox(USER, server.send, Date.now, 4)
    expect(server.calls).toEqual(['key-in-b'])
    expect((await listEntries(USER, 3)).map((entry) => [entry.label, entry.state])).toEqual([['in-a', 'waiting']])
    await replayOutbox(USER, server.send, Date.now, 3)
    expect(server.calls).toEqual(['key-in-b', 'key-in-a'])
  })
})
