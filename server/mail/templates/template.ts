import type { ReactElement } from 'react'
import type { MailBrand } from '../brand'

/**
 * One kind of message: its subject, its HTML (a react-email element in the shared layout) and its text
 * part, from the same data. Links in the data are absolute (made from PUBLIC_URL by the sender).
 */
export interface MailTemplate<D> {
  subject(data: D): string
  html(data: D, brand: MailBrand): ReactElement
  text(data: D, brand: MailBrand): string
  /**
   * Mail that a user can switch off: the address that stops this kind of e-mail for them, sent as
   * List-Unsubscribe (one click, RFC 8058). Transactional mail (a reset, an invitation) has none.
   */
  unsubscribeUrl?(data: D): string
}

/** Names the data type once; the template's parts are checked against it. */
export const defineTemplate = <D>(template: MailTemplate<D>): MailTemplate<D> => template

/** The signature under every text part: the provider and how to reach support. */
export const textSignature = (brand: MailBrand) => ['', '-- ', brand.name, brand.address, `${brand.supportPhone} · ${brand.supportEmail}`].join('\n')
