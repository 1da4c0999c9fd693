import { createContext, useContext, type ComponentProps, type ElementType, type JSX } from 'react'
import { cx } from 'styled-system/css'

/**
 * Slot-recipe context for multi-part components, like Panda's createStyleContext but without its
 * `styled` factory and runtime `css()` (which every route would load): the root resolves the
 * recipe's variants once and each part takes its slot's class name.
 */
type SlotRecipe<S extends string, V> = {
  (props?: V): Record<S, string>
  splitVariantProps(props: any): [V, object]
  __slot: S
  __type: V
}

type Merge<P, V> = Omit<P, keyof V> & V

export function createStyleContext<S extends string, V extends object>(recipe: SlotRecipe<S, V>) {
  const SlotClasses = createContext<Record<S, string> | null>(null)

  /** Provides the slot classes without rendering an element of its own (Ark roots without DOM). */
  function withRootProvider<T extends ElementType>(Component: T, options: { defaultProps?: Partial<ComponentProps<T>> } = {}) {
    function RootProvider(props: Merge<ComponentProps<T>, V>) {
      const [variants, rest] = recipe.splitVariantProps(props)
      const Element = Component as ElementType
      return (
        <SlotClasses.Provider value={recipe(variants)}>
          <Element {...options.defaultProps} {...rest} />
        </SlotClasses.Provider>
      )
    }
    return RootProvider
  }

  /** Renders the root element with its slot class and provides the classes to the parts. */
  function withProvider<T extends ElementType>(Component: T, slot: S, options: { defaultProps?: Partial<ComponentProps<T>> } = {}) {
    function Provider(props: Merge<ComponentProps<T>, V>) {
      const [variants, rest] = recipe.splitVariantProps(props)
      const classes = recipe(variants)
      const Element = Component as ElementType
      const { className, ...others } = rest as { className?: string }
      return (
        <SlotClasses.Provider value={classes}>
          <Element {...options.defaultProps} {...others} className={cx(classes[slot], className)} />
        </SlotClasses.Provider>
      )
    }
    return Provider
  }

  /** A part: adds its slot class to the classes it is given. */
  function withContext<T extends ElementType>(Component: T, slot: S) {
    function Part(props: ComponentProps<T>): JSX.Element {
      const classes = useContext(SlotClasses) ?? recipe()
      const Element = Component as ElementType
      const { className, ...others } = props as { className?: string }
      return <Element {...others} className={cx(classes[slot], className)} />
    }
    return Part
  }

  return { withRootProvider, withProvider, withContext }
}
