import { PERM, sessionHasPermission } from '~/lib/permissions'
import { userKind, type Session } from '~/lib/session'

/** Where the Action link goes: the client's invoice route or the provider's; null hides the column. */
export type InvoiceLinkTarget = 'client' | 'provider' | null

export interface InvoiceAbilities {
  linkTarget: InvoiceLinkTarget
  /** Rows have checkboxes. */
  selectable: boolean
  /** The Pay Now bar. */
  canPay: boolean
}

/**
 * What the signed-in user may do with an invoice list. Paying (the Pay Now bar) is the one thing done
 * with a selection, and only a client's user pays: rows can be selected by whoever can pay them. Staff
 * have no action on selected invoices, so they get no checkboxes, whatever their codes (ICP included).
 */
export function invoiceAbilities(session: Session): InvoiceAbilities {
  const isAgent = userKind(session.user) === 'agent'
  const linkTarget: InvoiceLinkTarget = !isAgent ? 'client' : sessionHasPermission(session, PERM.ICV) ? 'provider' : null
  const canPay = !isAgent && session.user.clientId != null
  return { linkTarget, selectable: canPay, canPay }
}
