import { createFileRoute } from '@tanstack/react-router'
import { ChangePasswordPage } from '~/features/auth/change-password-page'

export const Route = createFileRoute('/_authenticated/account-settings/change-password')({
  component: ChangePasswordPage,
})
