import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordInfoPage } from '~/features/auth/reset-password-page'

/** /reset-password without a link token: explains where the link comes from and offers to send one. */
export const Route = createFileRoute('/_public/reset-password')({
  component: ResetPasswordInfoPage,
})
