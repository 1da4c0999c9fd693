import { createFileRoute, redirect } from '@tanstack/react-router'
import { homePath } from '~/lib/session'

/** Clients to their dashboard, agents to theirs, anyone else to /error. */
export const Route = createFileRoute('/_authenticated/')({
  beforeLoad: ({ context }) => {
    throw redirect({ to: homePath(context.session.user), replace: true })
  },
})
