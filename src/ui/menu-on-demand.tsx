import { startTransition, Suspense, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { menu } from 'styled-system/recipes'

const triggerClass = menu().trigger

/** Runs `run` once, when it is first on screen (inside a Suspense boundary: once what it waited for is in). */
function OnMount({ run }: { run: () => void }) {
  useLayoutEffect(run, [])
  return null
}

export interface MenuOnDemandProps {
  /** True once the page is on screen: the menu is then built in the background. */
  ready: boolean
  /** The trigger's look and name, the same before and after the menu is built. */
  triggerClassName?: string
  triggerLabel?: string
  face: ReactNode
  /**
   * The menu itself, usually a lazy component in its own chunk; `open` asks it to start open (the
   * trigger was pressed before it was built). Its trigger must show `face` with the same class and name.
   */
  children: (open: boolean) => ReactNode
}

/**
 * A menu whose code and state machine are not part of the page's first render. Until `ready`, a plain
 * button with the trigger's look stands in its place; then the menu is built in a transition (React
 * works on it in small slices between frames) and takes the button's place without anything moving.
 * Pressed before that, the button builds the menu at once and it opens; focus on the button moves to
 * the real trigger.
 */
export function MenuOnDemand({ ready, triggerClassName, triggerLabel, face, children }: MenuOnDemandProps) {
  const [built, setBuilt] = useState(false)
  const [open, setOpen] = useState(false)
  const standIn = useRef<HTMLButtonElement>(null)
  const hadFocus = useRef(false)
  const wrapper = useRef<HTMLSpanElement>(null)

  useEffect(() => {
    if (ready && !built) startTransition(() => setBuilt(true))
  }, [ready, built])

  const button = (
    <button
      ref={standIn}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      aria-label={triggerLabel}
      className={cx(triggerClass, triggerClassName)}
      onFocus={() => (hadFocus.current = true)}
      onBlur={() => (hadFocus.current = false)}
      onClick={() => {
        setOpen(true)
        setBuilt(true)
      }}
    >
      {face}
    </button>
  )
  if (!built) return button
  return (
    <span ref={wrapper} style={{ display: 'contents' }}>
      <Suspense fallback={button}>
        {children(open)}
        <OnMount
          run={() => {
            if (hadFocus.current && !open) wrapper.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus()
          }}
        />
      </Suspense>
    </span>
  )
}
