import { useState, type InputHTMLAttributes } from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes'
import { useDebouncedCallback } from '~/lib/debounce.ts'
import { SearchIcon } from './icons.tsx'

export type DebouncedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'size'> & {
  /** The committed value (e.g. from the URL). */
  value: string
  /** Called once typing pauses for `delayMs`, or at once on Enter. */
  onValueChange: (value: string) => void
  delayMs: number
  size?: 'sm' | 'md'
  /** Shows a magnifier at the start. */
  withIcon?: boolean
}

/**
 * A text input whose changes reach the caller only after a pause. It keeps what the user types and
 * follows the committed value when it changes from outside (back button, reset).
 * @noUseSignals (plain props: list pages load no signals runtime for it)
 */
export function DebouncedInput({ value, onValueChange, delayMs, size = 'md', withIcon = false, className, onKeyDown, ...props }: DebouncedInputProps) {
  const [draft, setDraft] = useState(value)
  const [seenValue, setSeenValue] = useState(value)
  const [lastCommitted, setLastCommitted] = useState(value)
  // Follow an outside change of the committed value, but not the echo of our own commit.
  if (value !== seenValue) {
    setSeenValue(value)
    if (value !== lastCommitted) {
      setDraft(value)
      setLastCommitted(value)
    }
  }
  const commit = useDebouncedCallback((next: string) => {
    setLastCommitted(next)
    onValueChange(next)
  }, delayMs)
  const field = (
    <input
      type="search"
      autoComplete="off"
      className={cx(input({ size }), withIcon && css({ pl: '9' }), className)}
      value={draft}
      onChange={(event) => {
        setDraft(event.target.value)
        commit(event.target.value)
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush()
        onKeyDown?.(event)
      }}
      {...props}
    />
  )
  if (!withIcon) return field
  return (
    <span className={css({ position: 'relative', display: 'inline-flex', alignItems: 'center', width: '100%' })}>
      <SearchIcon className={css({ position: 'absolute', left: '3', color: 'fg.muted', pointerEvents: 'none' })} />
      {field}
    </span>
  )
}
