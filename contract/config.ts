import * as v from 'valibot'

/** GET /api/config (public): what the footer and the support page show, from server configuration. */
export const PublicConfigSchema = v.object({
  supportPhone: v.string(),
  supportEmail: v.string(),
  companyLocation: v.string(),
  faqsUrl: v.string(),
})
export type PublicConfig = v.InferOutput<typeof PublicConfigSchema>
