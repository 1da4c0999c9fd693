import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/placeholder-page'

export const Route = createFileRoute('/_authenticated/client/support')({
  component: SupportPage,
})

/** LATER: the Support feature replaces this placeholder. */
function SupportPage() {
  return <PlaceholderPage title="Support" />
}
