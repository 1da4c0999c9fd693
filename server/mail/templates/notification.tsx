import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '../../../contract/preferences'
import { Action, MailLayout, P, UnsubscribeNote } from './layout'
import { defineTemplate, textSignature } from './template'

/** The kinds of notification a client user can switch e-mail off for and that this template announces. */
export type NoticeKind = Exclude<NotificationKind, 'service-of-process'>

/**
 * A client notification e-mailed per the user's preferences: a document arrived (new mail), a mail
 * request moved on, an invoice was paid (the receipt) or is overdue.
 */
export interface NotificationData {
  kind: NoticeKind
  /** The notification as the bell shows it ("New document received: Bank Statement"). */
  message: string
  /** Where the bell's notification leads, absolute. */
  url: string
  /** Stops this kind of e-mail for this user (signed link, no sign-in). */
  unsubscribeUrl: string
}

const ACTION: Record<NoticeKind, string> = {
  'new-mail': 'Open your documents',
  'mail-request': 'Open the request',
  invoice: 'Open your invoices',
  deadline: 'Open the portal',
}

export const notification = defineTemplate<NotificationData>({
  subject: (d) => `${NOTIFICATION_KIND_LABELS[d.kind]}: ${d.message}`,
  html: (d, brand) => (
    <MailLayout
      brand={brand}
      preview={d.message}
      heading={NOTIFICATION_KIND_LABELS[d.kind]}
      footnote={<UnsubscribeNote brand={brand} kindLabel={NOTIFICATION_KIND_LABELS[d.kind]} unsubscribeUrl={d.unsubscribeUrl} />}
    >
      <P>{d.message}</P>
      <Action href={d.url}>{ACTION[d.kind]}</Action>
    </MailLayout>
  ),
  text: (d, brand) =>
    [
      d.message,
      '',
      `Open the portal: ${d.url}`,
      '',
      `Stop e-mails like this (${NOTIFICATION_KIND_LABELS[d.kind]}): ${d.unsubscribeUrl}`,
      textSignature(brand),
    ].join('\n'),
  unsubscribeUrl: (d) => d.unsubscribeUrl,
})
