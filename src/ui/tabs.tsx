import { Tabs as ArkTabs } from '@ark-ui/react/tabs'
import { createStyleContext } from './style-context.tsx'
import { tabs } from 'styled-system/recipes'

const { withProvider, withContext } = createStyleContext(tabs)

/** Keep `value` in the URL (e.g. ?tab=invoices) and pass it with onValueChange from the route. */
const Root = withProvider(ArkTabs.Root, 'root', { defaultProps: { lazyMount: true, activationMode: 'manual' } })
const List = withContext(ArkTabs.List, 'list')
const Trigger = withContext(ArkTabs.Trigger, 'trigger')
const Content = withContext(ArkTabs.Content, 'content')

/** Tabs.Root > Tabs.List > Tabs.Trigger(value) ... Tabs.Content(value). Arrow keys move between tabs. */
export const Tabs = { Root, List, Trigger, Content }
