import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/placeholder-page'

export const Route = createFileRoute('/_authenticated/client/addons')({
  component: AddOnsPage,
})

/** LATER: the Add-Ons feature replaces this placeholder. */
function AddOnsPage() {
  return <PlaceholderPage title="Add-Ons" />
}
