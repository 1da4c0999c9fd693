import { Action, Facts, MailLayout, Quote } from './layout'
import { defineTemplate, textSignature } from './template'

/** A client's support message (a new conversation or a follow-up), to the support address. */
export interface SupportMessageData {
  /** "New support message" or "New reply". */
  heading: string
  companyName: string
  subject: string
  documentName: string | null
  invoiceNumber: string | null
  /** "name (size bytes)" of the attached file, kept in the portal. */
  attachment: { name: string; size: number } | null
  message: string
  /** The conversation in the provider's inbox. */
  url: string
}

const facts = (d: SupportMessageData): [string, string][] => [
  ['Subject', d.subject],
  ...(d.documentName ? [['About document', d.documentName] as [string, string]] : []),
  ...(d.invoiceNumber ? [['About invoice', d.invoiceNumber] as [string, string]] : []),
  ...(d.attachment ? [['Attachment', `${d.attachment.name} (${d.attachment.size} bytes), in the portal`] as [string, string]] : []),
]

export const supportMessage = defineTemplate<SupportMessageData>({
  subject: (d) => `[Support] ${d.subject} (${d.companyName})`,
  html: (d, brand) => (
    <MailLayout brand={brand} preview={d.message.slice(0, 140)} heading={`${d.heading} from ${d.companyName}`}>
      <Facts items={facts(d)} />
      <Quote text={d.message} />
      <Action href={d.url}>Reply in the portal</Action>
    </MailLayout>
  ),
  text: (d, brand) =>
    [
      `${d.heading} from ${d.companyName}`,
      ...facts(d).map(([label, value]) => `${label}: ${value}`),
      '',
      d.message,
      '',
      `Reply in the portal: ${d.url}`,
      textSignature(brand),
    ].join('\n'),
})
