import { render } from '@react-email/render'
import type { MailBrand } from './brand'
import { mailSamples, mailTemplates, type TemplateData, type TemplateName } from './templates'
import type { MailTemplate } from './templates/template'

/** A message's parts as a template makes them. */
export interface RenderedMail {
  subject: string
  text: string
  html: string
  /** List-Unsubscribe (and its one-click POST) on mail a user can switch off; none on transactional mail. */
  headers?: Record<string, string>
}

/**
 * The headers of mail a user can switch off: List-Unsubscribe with the signed address that stops it,
 * and, as RFC 8058 asks of an https address, List-Unsubscribe-Post so that a mail program's
 * "Unsubscribe" button POSTs `List-Unsubscribe=One-Click` to it without opening a page.
 */
export function listUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, ...(url.startsWith('https://') ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}) }
}

export async function renderMail<N extends TemplateName>(name: N, data: TemplateData<N>, brand: MailBrand): Promise<RenderedMail> {
  const template = mailTemplates[name] as unknown as MailTemplate<TemplateData<N>>
  const unsubscribe = template.unsubscribeUrl?.(data)
  return {
    subject: template.subject(data),
    text: template.text(data, brand),
    html: await render(template.html(data, brand)),
    ...(unsubscribe ? { headers: listUnsubscribeHeaders(unsubscribe) } : {}),
  }
}

/** The preview names with what each shows (GET /api/dev/mail-previews). */
export const previewList = () => Object.entries(mailSamples).map(([name, sample]) => ({ name, template: sample.template, description: sample.description }))

/** One preview rendered with its sample data, or undefined for an unknown name. */
export function renderSample(name: string, brand: MailBrand): Promise<RenderedMail> | undefined {
  const sample = Object.hasOwn(mailSamples, name) ? mailSamples[name] : undefined
  return sample ? renderMail(sample.template, sample.data(brand), brand) : undefined
}
