import { createHash } from 'node:crypto'
import { Scalar } from '@scalar/hono-api-reference'
import { Hono } from 'hono'
import { access } from '../auth/policy'
import type { AppEnv } from '../context'
import { describeApi } from '../openapi/document'
import { API_AREAS } from '../openapi/paths'

/**
 * The Scalar reference's script, from the CDN at a fixed version (the package with the standalone script
 * is not a dependency of the portal): the docs page's policy allows this one URL and the page's one
 * inline script, by hash (docs/decisions/2026-12-02-openapi.md).
 */
const SCALAR_SCRIPT = 'https://cdn.jsdelivr.net/npm/@scalar/api-reference@1.76.0/dist/browser/standalone.js'

const scalar = Scalar<AppEnv>({
  url: '/api/openapi.json',
  pageTitle: 'Client portal API',
  cdn: SCALAR_SCRIPT,
  // No fonts from Scalar's servers and no telemetry: the page reaches this origin and the script's only.
  withDefaultFonts: false,
  telemetry: false,
})

/** The docs page's policy: Scalar's script and its inline start, styles it injects, calls to this origin only. */
function docsPolicy(inlineScriptHash: string): string {
  return [
    "default-src 'none'",
    `script-src ${SCALAR_SCRIPT} '${inlineScriptHash}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * GET /api/openapi.json, the API description (made on the first call from the app's route list, then
 * kept), and GET /api/docs, the interactive reference that reads it. `app` is the whole app, whose
 * routes are complete by the first call.
 */
export function apiDescriptionRoutes(app: () => Hono<AppEnv>) {
  let document: Promise<string> | undefined
  let page: { html: string; policy: string } | undefined
  const described = () => {
    document ??= describeApi(app(), API_AREAS).then(
      (description) => JSON.stringify(description.document),
      (error: unknown) => {
        document = undefined
        throw error
      },
    )
    return document
  }
  return new Hono<AppEnv>()
    .get('/openapi.json', access.public(), async (c) => c.body(await described(), 200, { 'Content-Type': 'application/json' }))
    .get('/docs', access.public(), async (c, next) => {
      if (!page) {
        const answer = (await scalar(c, next)) as Response
        const html = await answer.text()
        const inline = /<script type="text\/javascript">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''
        page = { html, policy: docsPolicy(`sha256-${createHash('sha256').update(inline).digest('base64')}`) }
      }
      return c.html(page.html, 200, { 'Content-Security-Policy': page.policy, 'Cache-Control': 'no-cache' })
    })
}
