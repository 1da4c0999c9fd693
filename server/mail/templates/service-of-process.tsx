import { Action, MailLayout, P } from './layout'
import { defineTemplate, textSignature } from './template'

/**
 * Service of process received for a client (the first alert, its escalation and its reminders): to
 * every user of the client, always (it cannot be switched off, so it carries no unsubscribe link).
 */
export interface ServiceOfProcessData {
  companyName: string
  /** The notification's message (which papers, the estimated answer date), as the bell shows it. */
  message: string
  url: string
}

export const serviceOfProcess = defineTemplate<ServiceOfProcessData>({
  subject: (d) => `Action required: service of process received for ${d.companyName}`,
  html: (d, brand) => (
    <MailLayout
      brand={brand}
      preview="Deadlines to respond can be short: open it in the portal now."
      heading="Action required: service of process"
      urgent
      footnote="This alert is always sent: service of process cannot be turned off."
    >
      <P>A service of process (legal papers, such as a lawsuit) was received for {d.companyName}.</P>
      <P>{d.message}</P>
      <P>Deadlines to respond can be short: open it in the portal now and forward it to your attorney.</P>
      <Action href={d.url}>Open it in the portal</Action>
    </MailLayout>
  ),
  text: (d, brand) =>
    [
      `A service of process (legal papers, such as a lawsuit) was received for ${d.companyName}.`,
      d.message,
      'Deadlines to respond can be short: open it in the portal now and forward it to your attorney.',
      '',
      `Open it: ${d.url}`,
      '',
      'This alert is always sent: service of process cannot be turned off.',
      textSignature(brand),
    ].join('\n'),
})
