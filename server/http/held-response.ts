/**
 * What the Node adapter (@hono/node-server) still holds of a response as it was made: its responses keep
 * `[status, body, headers]` until something reads their headers or body back, and write them out from
 * there, which is cheaper than from a web `Headers` object and a stream. Reading a header through
 * `res.headers` ends that. These helpers read what is held when it is, and fall back to the response
 * itself otherwise (another adapter, a response already read).
 */
function held(res: Response): unknown[] | undefined {
  const symbol = Object.getOwnPropertySymbols(res).find((s) => s.description === 'cache')
  const value: unknown = symbol && (res as unknown as Record<symbol, unknown>)[symbol]
  return Array.isArray(value) ? value : undefined
}

/** The text a response was made with, when it was made from a string and is still held as such. */
export function heldText(res: Response): string | undefined {
  const body = held(res)?.[1]
  return typeof body === 'string' ? body : undefined
}

/** A header of the response, read without ending the adapter's hold when its headers are a plain object. */
export function headerOf(res: Response, name: string): string | null {
  const headers = held(res)?.[2]
  if (headers && typeof headers === 'object' && !(headers instanceof Headers)) {
    const lower = name.toLowerCase()
    for (const [key, value] of Object.entries(headers as Record<string, string | string[]>)) {
      if (key.toLowerCase() === lower) return Array.isArray(value) ? value.join(', ') : value
    }
    return null
  }
  return res.headers.get(name)
}
