import * as v from 'valibot'
import { describeRoutes } from '../describe'

/** GET /api/dev/mail-previews: every e-mail template with the addresses of its two parts. */
export const MailPreviewListSchema = v.object({
  previews: v.array(
    v.object({
      name: v.string(),
      template: v.string(),
      description: v.string(),
      html: v.string(),
      text: v.string(),
    }),
  ),
})

/** What exists only outside production: the e-mail previews for staff. */
export const developmentDocs = describeRoutes('Development', {
  'GET /api/dev/mail-previews': {
    summary: 'Every e-mail template with sample data, and the addresses of its HTML and text parts (not in production)',
    answers: { 200: MailPreviewListSchema },
    errors: { 404: 'In production: these addresses do not exist' },
  },
  'GET /api/dev/mail-previews/{name}': {
    summary: 'One e-mail template rendered with sample data: its HTML part, or with ?part=text its text part (not in production)',
    answers: {
      200: {
        media: 'text/html',
        description: 'The HTML part as a mail program gets it (text/plain with ?part=text)',
        headers: { 'X-Mail-Subject': 'The message’s subject, URI-encoded' },
      },
    },
    errors: { 404: 'No template of that name, or in production' },
  },
})
