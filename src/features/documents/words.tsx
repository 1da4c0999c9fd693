import { DocumentTextRetrySchema, type Document } from '@contract/documents'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Fragment } from 'react'
import { toast } from 'sonner'
import { css } from 'styled-system/css'
import { api, errorMessage } from '~/lib/api-client'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { documentKeys } from './keys'

/**
 * The words inside a document on its row: the search's snippet with the searched words marked, and for
 * staff how reading the words (OCR) went, with Retry after a failure.
 */

const snippetClass = css({ display: 'block', mt: '1', fontSize: 'sm', color: 'fg.muted', maxW: '60ch', overflowWrap: 'anywhere', whiteSpace: 'normal' })
const markClass = css({ bg: 'bg.warning', color: 'fg.default', borderRadius: 'sm', px: '0.5' })
const stateClass = css({ display: 'flex', alignItems: 'center', gap: '2', mt: '1', flexWrap: 'wrap' })

/** Lower case without accents, one character for each of the text's (as the server's search matches). */
const fold = (text: string) =>
  Array.from(text, (ch) => {
    const folded = ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
    return folded.length === ch.length ? folded : ch
  }).join('')

/** The snippet split into plain and marked parts: each searched word (or a word it starts) is marked. */
export function markWords(snippet: string, q: string): { text: string; marked: boolean }[] {
  const words = (q.match(/[\p{L}\p{N}]+/gu) ?? []).map(fold).filter((word) => word.length > 1)
  if (!words.length) return [{ text: snippet, marked: false }]
  const stems = words.map((word) => (word.length > 4 ? word.slice(0, Math.max(4, word.length - 3)) : word))
  const folded = fold(snippet)
  const parts: { text: string; marked: boolean }[] = []
  let last = 0
  for (const match of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0]
    if (!stems.some((stem) => word.startsWith(stem))) continue
    const at = match.index
    if (at > last) parts.push({ text: snippet.slice(last, at), marked: false })
    parts.push({ text: snippet.slice(at, at + word.length), marked: true })
    last = at + word.length
  }
  if (last < snippet.length) parts.push({ text: snippet.slice(last), marked: false })
  return parts
}

export function Snippet({ snippet, q }: { snippet: string; q: string }) {
  return (
    <span className={snippetClass} data-testid="document-snippet">
      {markWords(snippet, q).map((part, i) =>
        part.marked ? (
          <mark key={i} className={markClass}>
            {part.text}
          </mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </span>
  )
}

const TEXT_STATE_LABELS = { queued: 'Words: queued', reading: 'Reading words…', failed: 'Words could not be read' } as const

/** POST /api/document/{id}/text/retry: read the document's words again. */
function useRetryText() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (document: Document) => api.post(`/document/${document.id}/text/retry`, undefined, { schema: DocumentTextRetrySchema }),
    networkMode: 'always',
    onError: (error) => toast.error(errorMessage(error, 'The document could not be queued again')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
  })
}

/** Staff: the reading's state while it is not done; failed offers Retry. Nothing once read. */
export function TextState({ document }: { document: Document }) {
  const retry = useRetryText()
  const state = document.textState
  if (!state || state === 'done' || document.status !== 'active') return null
  return (
    <span className={stateClass}>
      <Badge tone={state === 'failed' ? 'danger' : 'neutral'}>{TEXT_STATE_LABELS[state]}</Badge>
      {state === 'failed' && (
        <Button size="sm" variant="outline" loading={retry.isPending} onClick={() => retry.mutate(document)}>
          Retry
        </Button>
      )}
    </span>
  )
}
