import {
  cloneElement,
  Component,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react'
import { menu } from 'styled-system/recipes'

/** The class Menu.Trigger gets from the menu recipe, for a stand-in that must look like one. */
export const menuTriggerClass = menu().trigger

/**
 * React.lazy for a menu built on demand: a load that fails (offline before the code was ever saved) is
 * tried again the next time the menu is asked for, where React.lazy would keep the failure.
 */
export function lazyMenu<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const fresh = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        Loaded = fresh()
        throw error
      }),
    )
  let Loaded = fresh()
  return function LazyMenu(props: P) {
    return <Loaded {...props} />
  }
}

/** Shows nothing of a menu whose code failed to load; MenuOnDemand then puts its button back. */
class LoadBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  componentDidCatch() {
    this.props.onError()
  }
  render() {
    return this.state.failed ? null : this.props.children
  }
}

/** Runs `run` once, when it is first on screen (inside a Suspense boundary: once what it waited for is in). */
function OnMount({ run }: { run: () => void }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount, whatever `run` is later
  useLayoutEffect(run, [])
  return null
}

/** What the stand-in adds to the trigger element it is given. */
interface StandInProps {
  ref: (node: HTMLElement | null) => void
  'aria-haspopup': 'menu'
  'aria-expanded': false
  onClick: () => void
  onKeyDown: (event: KeyboardEvent) => void
}

export interface MenuOnDemandProps {
  /**
   * True once the page is on screen: the menu is then built in the background (the top bar's menus).
   * Left out, the menu is built when its button is first pressed (a menu on every row of a list).
   */
  ready?: boolean
  /** The trigger: a button element with its look and name, the same the menu's own Menu.Trigger shows. */
  trigger: ReactElement<Partial<StandInProps>>
  /**
   * The menu itself, usually a lazy component in its own chunk; `open` asks it to start open (its
   * button was pressed before it was built).
   */
  children: (open: boolean) => ReactNode
}

/**
 * A menu whose code and state machine are not part of the page's render. Until it is built, the given
 * trigger stands in its place as a plain button; then the menu is built (in a transition, which React
 * works on in small slices between frames) and takes the button's place without anything moving.
 * Pressed (or ArrowDown/ArrowUp) before that, the button builds the menu at once and it opens; focus
 * on the button moves to the real trigger. A menu whose code cannot load (see lazyMenu) leaves the
 * button in place, and the next press tries again.
 */
export function MenuOnDemand({ ready = false, trigger, children }: MenuOnDemandProps) {
  const [built, setBuilt] = useState(false)
  const [open, setOpen] = useState(false)
  // Whether the stand-in had the focus as it left the page (read as React detaches it, before it goes:
  // a browser may not report the blur of a removed element).
  const standIn = useRef<HTMLElement | null>(null)
  const hadFocus = useRef(false)
  // After a failed load, only a press builds it again (no retrying in the background).
  const failed = useRef(false)
  const wrapper = useRef<HTMLSpanElement>(null)

  useEffect(() => {
    if (ready && !built && !failed.current) startTransition(() => setBuilt(true))
  }, [ready, built])

  const openNow = () => {
    setOpen(true)
    setBuilt(true)
  }
  const button = cloneElement(trigger, {
    ref: (node: HTMLElement | null) => {
      if (node) {
        standIn.current = node
        // The loading stand-in that replaced a focused one takes the focus on.
        if (hadFocus.current) node.focus()
      } else if (standIn.current) {
        hadFocus.current = document.activeElement === standIn.current
        standIn.current = null
      }
    },
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onClick: openNow,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return
      event.preventDefault()
      openNow()
    },
  })
  if (!built) return button
  const unbuild = () => {
    failed.current = true
    setBuilt(false)
    setOpen(false)
  }
  return (
    <span ref={wrapper} style={{ display: 'contents' }}>
      <LoadBoundary onError={unbuild}>
        <Suspense fallback={button}>
          {children(open)}
          <OnMount
            run={() => {
              if (hadFocus.current && !open) wrapper.current?.querySelector<HTMLElement>('[aria-haspopup="menu"]')?.focus()
              hadFocus.current = false
            }}
          />
        </Suspense>
      </LoadBoundary>
    </span>
  )
}
