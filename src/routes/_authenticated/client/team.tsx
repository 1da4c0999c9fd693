import { createFileRoute } from '@tanstack/react-router'
import { TeamPanel } from '~/features/companies/team-panel'
import { PageHeader } from '~/ui/page-header'

/** Client › Team: the company's people, for its owners (the client area's guard refuses the other roles). */
export const Route = createFileRoute('/_authenticated/client/team')({
  component: ClientTeamPage,
})

function ClientTeamPage() {
  const { session } = Route.useRouteContext()
  return (
    <>
      <PageHeader title="Team" description={`Who can sign in to ${session.user.companyName ?? 'this company'}, and what each of them can do.`} />
      <TeamPanel clientId={session.user.clientId!} canEdit selfId={session.user.id} />
    </>
  )
}
