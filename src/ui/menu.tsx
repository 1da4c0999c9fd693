import { Menu as ArkMenu } from '@ark-ui/react/menu'
import { Portal } from '@ark-ui/react/portal'
import type { ComponentProps } from 'react'
import { createStyleContext } from './style-context.tsx'
import { menu } from 'styled-system/recipes'

const { withRootProvider, withContext } = createStyleContext(menu)

const Root = withRootProvider(ArkMenu.Root)
const Trigger = withContext(ArkMenu.Trigger, 'trigger')
const Positioner = withContext(ArkMenu.Positioner, 'positioner')
const Surface = withContext(ArkMenu.Content, 'content')
/** A menu entry; `value` is required. Use `asChild` with a router Link for navigation entries. */
const Item = withContext(ArkMenu.Item, 'item')
const ItemGroup = withContext(ArkMenu.ItemGroup, 'itemGroup')
const ItemGroupLabel = withContext(ArkMenu.ItemGroupLabel, 'itemGroupLabel')
const Separator = withContext(ArkMenu.Separator, 'separator')
/** Entries of which one is chosen (menuitemradio, aria-checked): the company switcher. */
const RadioItemGroup = withContext(ArkMenu.RadioItemGroup, 'itemGroup')
const RadioItem = withContext(ArkMenu.RadioItem, 'item')
const ItemText = ArkMenu.ItemText
const ItemIndicator = ArkMenu.ItemIndicator

function Content({ children, ...props }: ComponentProps<typeof Surface>) {
  return (
    <Portal>
      <Positioner>
        <Surface {...props}>{children}</Surface>
      </Positioner>
    </Portal>
  )
}

/**
 * A menu button (the user menu): Menu.Root > Menu.Trigger > Menu.Content > Menu.Item. Enter, Space and
 * the arrow keys open it, arrows move, typing jumps to an entry, Escape closes and refocuses the trigger.
 */
export const Menu = { Root, Trigger, Content, Item, ItemGroup, ItemGroupLabel, Separator, RadioItemGroup, RadioItem, ItemText, ItemIndicator }
