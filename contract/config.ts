import * as v from 'valibot'

/**
 * GET /api/config (public): what the footer and the support page show, and the upload size limit the
 * upload form checks before sending a file, from server configuration.
 */
export const PublicConfigSchema = v.object({
  supportPhone: v.string(),
  supportEmail: v.string(),
  companyLocation: v.string(),
  faqsUrl: v.string(),
  /** The largest file the server accepts in one upload, in bytes (UPLOAD_MAX_BYTES, 25 MB by default). */
  uploadMaxBytes: v.pipe(v.number(), v.integer(), v.minValue(1)),
})
export type PublicConfig = v.InferOutput<typeof PublicConfigSchema>
