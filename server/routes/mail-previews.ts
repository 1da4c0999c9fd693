import { Hono, type MiddlewareHandler } from 'hono'
import * as v from 'valibot'
import { access } from '../auth/policy'
import type { AppEnv } from '../context'
import { errorBody, notFound } from '../http/errors'
import { validate } from '../http/validate'
import { mailBrand } from '../mail/brand'

/**
 * Every e-mail template with sample data, for staff while developing (never in production, where these
 * addresses do not exist). GET /api/dev/mail-previews lists them; /api/dev/mail-previews/{name} is the
 * HTML part as a mail program gets it, `?part=text` the text part. Signed with this server's
 * configuration (PROVIDER_NAME, COMPANY_LOCATION, the support contacts, PUBLIC_URL).
 */

/** In production the route answers as an unknown address does, whoever asks. */
const developmentOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('deps').env.NODE_ENV === 'production') return c.json(errorBody('Not found', `No such endpoint: ${c.req.method} ${c.req.path}`), 404)
  await next()
}

/** A preview's HTML uses inline styles only, as mail does: it may load nothing and run nothing. */
const PREVIEW_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'none'; sandbox"

const PreviewParamSchema = v.object({ name: v.pipe(v.string(), v.regex(/^[a-z][a-z-]{0,39}$/, 'must be a preview name such as password-reset')) })
const PreviewQuerySchema = v.object({ part: v.optional(v.picklist(['html', 'text'], 'part must be html or text'), 'html') })

// The templates (and react-email) load on the first preview, not with the server.
const previews = () => import('../mail/render')

export const mailPreviewRoutes = new Hono<AppEnv>()
  .get('/dev/mail-previews', developmentOnly, access.agent(), async (c) => {
    const { previewList } = await previews()
    return c.json({
      previews: previewList().map((preview) => ({
        ...preview,
        html: `/api/dev/mail-previews/${preview.name}`,
        text: `/api/dev/mail-previews/${preview.name}?part=text`,
      })),
    })
  })

  .get('/dev/mail-previews/:name', developmentOnly, access.agent(), validate('param', PreviewParamSchema), validate('query', PreviewQuerySchema), async (c) => {
    const { renderSample } = await previews()
    const rendered = await renderSample(c.req.valid('param').name, mailBrand(c.get('deps').env))
    if (!rendered) throw notFound('Mail preview')
    c.header('X-Mail-Subject', encodeURIComponent(rendered.subject))
    if (c.req.valid('query').part === 'text') return c.text(rendered.text)
    c.header('Content-Security-Policy', PREVIEW_POLICY)
    return c.html(rendered.html)
  })
