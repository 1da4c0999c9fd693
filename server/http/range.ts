import type { ByteRange } from '../storage/blob-store'

/**
 * The part of a `size`-byte file an HTTP Range header asks for: one range of bytes (`bytes=0-99`,
 * `bytes=100-`, `bytes=-500`). Several ranges, other units or a stale If-Range get the whole file
 * (which RFC 9110 allows); a range starting past the end is unsatisfiable (416).
 */
export function requestedRange(
  header: string | undefined,
  size: number,
  ifRange?: { header: string | undefined; etag: string },
): { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' } {
  if (!header) return { kind: 'whole' }
  if (ifRange?.header && ifRange.header.trim() !== ifRange.etag) return { kind: 'whole' }
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'whole' }
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'part', range: { start: Math.max(0, size - suffix), end: size - 1 } }
  }
  const start = Number(match[1])
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  if (start >= size) return { kind: 'unsatisfiable' }
  if (end < start) return { kind: 'whole' }
  return { kind: 'part', range: { start, end } }
}
