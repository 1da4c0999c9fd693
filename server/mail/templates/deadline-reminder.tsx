import { Action, MailLayout, P, UnsubscribeNote } from './layout'
import { defineTemplate, textSignature } from './template'

/** The annual report reminder (opens, two months, two weeks, three days before, late). */
export interface DeadlineReminderData {
  companyName: string
  year: number
  /** The stage in a few words: "Due in two weeks", "Late". */
  stage: string
  /** The reminder as the bell shows it: the due date, the fee, the late fee. */
  message: string
  /** The client's dashboard. */
  url: string
  unsubscribeUrl: string
}

export const deadlineReminder = defineTemplate<DeadlineReminderData>({
  subject: (d) => `${d.stage}: the ${d.year} Florida annual report of ${d.companyName}`,
  html: (d, brand) => (
    <MailLayout
      brand={brand}
      preview={d.message}
      heading={`${d.year} annual report: ${d.stage.toLowerCase()}`}
      urgent={d.stage === 'Late'}
      footnote={<UnsubscribeNote brand={brand} kindLabel="Deadline reminders" unsubscribeUrl={d.unsubscribeUrl} />}
    >
      <P>{d.message}</P>
      <P>Once it is filed, mark it filed in the portal and these reminders stop.</P>
      <Action href={d.url}>Open the portal</Action>
    </MailLayout>
  ),
  text: (d, brand) =>
    [
      d.message,
      '',
      'Once it is filed, mark it filed in the portal and these reminders stop.',
      `Open the portal: ${d.url}`,
      '',
      `Stop e-mails like this (deadline reminders): ${d.unsubscribeUrl}`,
      textSignature(brand),
    ].join('\n'),
  unsubscribeUrl: (d) => d.unsubscribeUrl,
})
