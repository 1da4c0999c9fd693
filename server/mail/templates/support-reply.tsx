import { Action, MailLayout, P, Quote } from './layout'
import { defineTemplate, textSignature } from './template'

/** Support's reply, to each active user of the client. */
export interface SupportReplyData {
  subject: string
  message: string
  /** The conversation in the client's portal. */
  url: string
}

export const supportReply = defineTemplate<SupportReplyData>({
  subject: (d) => `Re: ${d.subject}`,
  html: (d, brand) => (
    <MailLayout brand={brand} preview={d.message.slice(0, 140)} heading="Support replied">
      <P>Support replied to “{d.subject}”:</P>
      <Quote text={d.message} />
      <Action href={d.url}>Read the conversation</Action>
    </MailLayout>
  ),
  text: (d, brand) => [`Support replied to "${d.subject}":`, '', d.message, '', `Read the conversation: ${d.url}`, textSignature(brand)].join('\n'),
})
