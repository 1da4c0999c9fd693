import type { MailBrand } from '../brand'
import { attorneyNotice } from './attorney-notice'
import { clientInvitation } from './client-invitation'
import { deadlineReminder } from './deadline-reminder'
import { notification } from './notification'
import { passwordReset } from './password-reset'
import { paymentReceipt } from './payment-receipt'
import { registrationReceipt } from './registration-receipt'
import { serviceOfProcess } from './service-of-process'
import { staffInvitation } from './staff-invitation'
import { supportMessage } from './support-message'
import { supportReply } from './support-reply'
import { teamInvitation } from './team-invitation'
import type { MailTemplate } from './template'

/** Every kind of message the portal sends, by the name its senders and the preview route use. */
export const mailTemplates = {
  'password-reset': passwordReset,
  'staff-invitation': staffInvitation,
  'client-invitation': clientInvitation,
  'registration-receipt': registrationReceipt,
  'support-message': supportMessage,
  'support-reply': supportReply,
  notification,
  'service-of-process': serviceOfProcess,
  'attorney-notice': attorneyNotice,
  'deadline-reminder': deadlineReminder,
  'team-invitation': teamInvitation,
  receipt: paymentReceipt,
}

export type MailTemplates = typeof mailTemplates
export type TemplateName = keyof MailTemplates
/** The data a template is made from (for a union of names, the union of their data). */
export type TemplateData<N extends TemplateName> = N extends TemplateName ? (MailTemplates[N] extends MailTemplate<infer D> ? D : never) : never

/** One preview: a template with sample data, as one real message would carry it. */
export interface MailSample<N extends TemplateName = TemplateName> {
  template: N
  description: string
  data: (brand: MailBrand) => TemplateData<N>
}

const sample = <N extends TemplateName>(template: N, description: string, data: (brand: MailBrand) => TemplateData<N>): MailSample<N> => ({
  template,
  description,
  data,
})

const unsubscribe = (brand: MailBrand, kind: string) =>
  `${brand.portalUrl}/api/notification-preferences/unsubscribe?token=42.${kind}.1893456000.${'S'.repeat(43)}`

/**
 * Sample data for each kind of message (the development preview route and the templates' tests), by
 * preview name: the notification template has one per kind it announces.
 */
export const mailSamples: Record<string, MailSample> = {
  'password-reset': sample('password-reset', 'Forgot password: a single-use link for 60 minutes', (b) => ({
    name: 'Ada',
    url: `${b.portalUrl}/reset/sample-reset-token`,
    minutes: 60,
  })),
  'staff-invitation': sample('staff-invitation', 'A staff user added: choose a password within 7 days', (b) => ({
    name: 'Grace',
    inviter: 'Maria Lopez',
    url: `${b.portalUrl}/reset/sample-invitation-token`,
  })),
  'client-invitation': sample('client-invitation', 'A company registered by staff: receipt and a 7-day password link', (b) => ({
    firstName: 'Ada',
    inviter: 'Maria Lopez',
    companyName: 'Sunshine Holdings LLC',
    invoiceNumber: 'INV-2026-0042',
    total: 149,
    url: `${b.portalUrl}/reset/sample-invitation-token`,
    signInUrl: `${b.portalUrl}/login`,
  })),
  'team-invitation': sample('team-invitation', 'A person added to a company’s team: a 7-day password link for a new login', (b) => ({
    name: 'Grace',
    inviter: 'Ada Lovelace',
    companyName: 'Sunshine Holdings LLC',
    role: 'Member',
    url: `${b.portalUrl}/reset/sample-invitation-token`,
    newLogin: true,
  })),
  'registration-receipt': sample('registration-receipt', 'A company registered and paid online: the receipt', (b) => ({
    firstName: 'Ada',
    companyName: 'Sunshine Holdings LLC',
    invoiceNumber: 'INV-2026-0042',
    total: 149,
    signInUrl: `${b.portalUrl}/login`,
  })),
  'support-message': sample('support-message', "A client's support message, to the support address", (b) => ({
    heading: 'New support message',
    companyName: 'Sunshine Holdings LLC',
    subject: 'Question about my annual report',
    documentName: 'Annual report reminder.pdf',
    invoiceNumber: null,
    attachment: { name: 'receipt.pdf', size: 48213 },
    message: 'Hello,\nIs the annual report included in my plan?\n\nThanks, Ada',
    url: `${b.portalUrl}/provider/support/7`,
  })),
  'support-reply': sample('support-reply', "Support's reply, to the client's users", (b) => ({
    subject: 'Question about my annual report',
    message: 'Hello Ada,\nYes: we file it for you in January.\n\nBest regards, Maria',
    url: `${b.portalUrl}/client/support/7`,
  })),
  'document-arrived': sample('notification', 'Notification: a document arrived (new mail)', (b) => ({
    kind: 'new-mail',
    message: 'New document received: Bank Statement',
    url: `${b.portalUrl}/client/documents`,
    unsubscribeUrl: unsubscribe(b, 'new-mail'),
  })),
  'mail-request-update': sample('notification', 'Notification: a mail request moved on', (b) => ({
    kind: 'mail-request',
    message: 'Your request to mail Bank Statement is now shipped (tracking 9400 1000 0000 0000 0000 00)',
    url: `${b.portalUrl}/client/document-progress/12`,
    unsubscribeUrl: unsubscribe(b, 'mail-request'),
  })),
  'payment-receipt': sample('notification', 'Notification: a payment received (the receipt)', (b) => ({
    kind: 'invoice',
    message: 'Payment received: $149.00 for 1 invoice',
    url: `${b.portalUrl}/client/invoices`,
    unsubscribeUrl: unsubscribe(b, 'invoice'),
  })),
  receipt: sample('receipt', 'A card payment: the receipt, with links to the invoices', (b) => ({
    companyName: 'Sunshine Holdings LLC',
    amount: 149,
    card: 'Visa ending in 4242',
    reference: 'sbx_ch_sample',
    paidOn: 'Dec 3, 2026',
    via: 'card',
    invoices: [{ number: 'INV-2026-0042', amount: 149, url: `${b.portalUrl}/client/invoices/42` }],
    url: `${b.portalUrl}/client/invoices`,
  })),
  'service-of-process': sample('service-of-process', 'Service of process received: the urgent alert to every user', (b) => ({
    companyName: 'Sunshine Holdings LLC',
    message: 'New document received: Service of Process',
    url: `${b.portalUrl}/client/documents`,
  })),
  'attorney-notice': sample('attorney-notice', "Service of process received: the client's attorney", () => ({ companyName: 'Sunshine Holdings LLC' })),
  'deadline-reminder': sample('deadline-reminder', 'Deadline reminder: the annual report', (b) => ({
    companyName: 'Sunshine Holdings LLC',
    year: 2027,
    stage: 'Due in two weeks',
    message: 'Due in two weeks: your 2027 Florida annual report is due on May 1, 2027. The state fee is $138.75. After that day the late fee is $400.00.',
    url: `${b.portalUrl}/client/dashboard`,
    unsubscribeUrl: unsubscribe(b, 'deadline'),
  })),
}
