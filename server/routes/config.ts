import { Hono } from 'hono'
import type { PublicConfig } from '../../contract/config'
import { access } from '../auth/policy'
import type { AppEnv } from '../context'

/** Support contacts, the FAQs link and the upload size limit from configuration (footer, support page, upload form). */
export const configRoutes = new Hono<AppEnv>().get('/config', access.public(), (c) => {
  const { env } = c.get('deps')
  const config: PublicConfig = {
    supportPhone: env.SUPPORT_PHONE,
    supportEmail: env.SUPPORT_EMAIL,
    companyLocation: env.COMPANY_LOCATION,
    faqsUrl: env.FAQS_URL,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
  }
  return c.json(config, 200, { 'Cache-Control': 'public, max-age=300' })
})
