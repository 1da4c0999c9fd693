import type { TestServer } from './harness'

/**
 * A tus 1.0.0 client for the API tests of /api/uploads: creation, PATCH (with a body that may break off,
 * as a dropped connection does) and HEAD, in-process against the test server, as the staff user the
 * test names.
 */

export const TUS = { 'tus-resumable': '1.0.0' }

/** A PDF of `size` bytes whose content is its own. */
export function scan(size: number, seed = 1): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(size))
  out.set(new TextEncoder().encode('%PDF-1.7\n'))
  for (let i = 16; i < size; i++) out[i] = (i * seed) % 251
  return out
}

/** Upload-Metadata: each key with its value in base64. */
export const encodeMetadata = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')

/** A body that sends `part` and breaks off once `arrived` resolves (or at once). */
export function cutAfter(part: Uint8Array, arrived: () => Promise<void> = async () => {}): ReadableStream<Uint8Array> {
  let sent = false
  return new ReadableStream({
    async pull(controller) {
      if (sent) {
        await arrived()
        return controller.error(new Error('connection reset'))
      }
      sent = true
      controller.enqueue(part)
    },
  })
}

type User = { id: number }

/** The calls, for `server()` (made in a beforeAll), by `as()` with `metadata()` unless told otherwise. */
export function tusCalls(server: () => TestServer, defaults: { as: () => User; metadata: () => Record<string, string> }) {
  const token = (user: User) => server().tokenFor(user.id)

  async function create(size: number, options: { metadata?: Record<string, string>; as?: User; headers?: Record<string, string> } = {}) {
    return server().request('POST', '/api/uploads', {
      token: await token(options.as ?? defaults.as()),
      headers: { ...TUS, 'upload-length': String(size), 'upload-metadata': encodeMetadata(options.metadata ?? defaults.metadata()), ...options.headers },
    })
  }

  /** A PATCH of `body` at `offset`; a ReadableStream body may fail partway, as a dropped connection does. */
  async function patch(location: string, offset: number, body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>, as = defaults.as()) {
    const res = await server().app.request(location, {
      method: 'PATCH',
      headers: {
        ...TUS,
        authorization: `Bearer ${await token(as)}`,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        ...(body instanceof Uint8Array ? { 'content-length': String(body.byteLength) } : {}),
      },
      body,
      duplex: 'half',
    } as RequestInit)
    const text = await res.text()
    return { status: res.status, headers: res.headers, json: text ? (JSON.parse(text) as { detail: string; details: string }) : undefined }
  }

  async function head(location: string, as = defaults.as()) {
    return server().request('HEAD', location, { token: await token(as), headers: TUS })
  }

  return { create, patch, head }
}
