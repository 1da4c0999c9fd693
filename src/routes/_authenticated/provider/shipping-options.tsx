import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { loadShippingOptions } from '~/features/shipping/loaders'
import { ShippingOptionsPage } from '~/features/shipping/options-page'
import { PERM } from '~/lib/permissions'

/** Provider › Shipping options (SHE). */
export const Route = createFileRoute('/_authenticated/provider/shipping-options')({
  beforeLoad: requirePermission(PERM.SHE),
  loader: ({ context }) => loadShippingOptions(context.queryClient),
  component: ShippingOptionsPage,
})
