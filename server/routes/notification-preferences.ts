import { Hono } from 'hono'
import { html } from 'hono/html'
import type { HtmlEscapedString } from 'hono/utils/html'
import * as v from 'valibot'
import { NOTIFICATION_KIND_LABELS, NotificationPreferencesBodySchema } from '../../contract/preferences'
import { access } from '../auth/policy'
import type { AppEnv } from '../context'
import { validate } from '../http/validate'
import { preferencesOf, readUnsubscribeToken, savePreferences, stopEmails, UNSUBSCRIBE_LINK_TTL_DAYS } from '../notifications/preferences'

const UnsubscribeQuerySchema = v.object({ token: v.pipe(v.string(), v.maxLength(200)) })

/**
 * The small page an unsubscribe link opens: made by the server, with no script (the page policy allows
 * none inline), in the portal's colours and type, and with a real button, so a keyboard or a screen
 * reader works it like any form. The referrer is withheld: the address carries the link's token.
 */
const page = (title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <meta name="robots" content="noindex" />
        <title>${title} · Client portal</title>
        <style>
          body {
            margin: 0;
            background: #f9fafb;
            color: #111827;
            font:
              1rem/1.5 system-ui,
              -apple-system,
              'Segoe UI',
              Roboto,
              sans-serif;
          }
          main {
            box-sizing: border-box;
            max-width: 36rem;
            margin: 4rem auto;
            padding: 1.5rem;
            background: #fff;
            border: 1px solid #e5e7eb;
            border-radius: 0.5rem;
          }
          h1 {
            margin: 0 0 0.75rem;
            font-size: 1.375rem;
            line-height: 1.3;
          }
          p {
            margin: 0 0 1rem;
          }
          .muted {
            color: #4b5563;
          }
          form {
            margin: 1.5rem 0;
          }
          button {
            font: inherit;
            font-weight: 600;
            color: #fff;
            background: #1d4ed8;
            border: 0;
            border-radius: 0.375rem;
            padding: 0.625rem 1rem;
            min-height: 2.75rem;
            cursor: pointer;
          }
          button:hover {
            background: #1e40af;
          }
          button:focus-visible,
          a:focus-visible {
            outline: 2px solid #2563eb;
            outline-offset: 2px;
          }
          a {
            color: #1d4ed8;
            text-underline-offset: 2px;
          }
          @media (max-width: 40rem) {
            main {
              margin: 0;
              min-height: 100vh;
              border: 0;
              border-radius: 0;
            }
          }
        </style>
      </head>
      <body>
        <main>
          <h1>${title}</h1>
          ${body}
          <p><a href="/account-settings/notifications">Notification settings</a></p>
        </main>
      </body>
    </html>`

const refusedPage = (status: 'expired' | 'invalid') =>
  status === 'expired'
    ? page(
        'This link has expired',
        html`<p>
          Unsubscribe links work for ${UNSUBSCRIBE_LINK_TTL_DAYS} days. Sign in and choose which e-mails you receive in Account Settings → Notifications.
        </p>`,
      )
    : page('This link is not valid', html`<p>Sign in and choose which e-mails you receive in Account Settings → Notifications.</p>`)

/** Account Settings → Notifications, and the unsubscribe link of notification e-mails. */
export const notificationPreferenceRoutes = new Hono<AppEnv>()
  .get('/notification-preferences', access.signedIn(), async (c) => c.json({ preferences: await preferencesOf(c.get('deps').db, c.get('caller').userId) }))

  .put('/notification-preferences', access.signedIn(), validate('json', NotificationPreferencesBodySchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    await savePreferences(deps.db, caller.userId, c.req.valid('json').preferences, deps.clock.now())
    return c.json({ preferences: await preferencesOf(deps.db, caller.userId) })
  })

  // Opening the link only asks: mail scanners and link previews open links (GET, HEAD) and must not turn
  // anyone's e-mail off. The page's button posts to the same address.
  .get('/notification-preferences/unsubscribe', access.public(), validate('query', UnsubscribeQuerySchema), (c) => {
    const deps = c.get('deps')
    const { token } = c.req.valid('query')
    const link = readUnsubscribeToken(deps.jwtKey, token, deps.clock.now())
    c.header('Cache-Control', 'no-store')
    if (link.status !== 'valid') return c.html(refusedPage(link.status), 400)
    const label = NOTIFICATION_KIND_LABELS[link.kind].toLowerCase()
    const action = `${c.req.path}?token=${encodeURIComponent(token)}`
    return c.html(
      page(
        `Stop e-mails about ${label}?`,
        html`<p>We e-mail you when there is news about ${label}. You can stop these e-mails here; alerts on your devices stay as they are.</p>
          <form method="post" action="${action}">
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <button type="submit">Stop e-mails about ${label}</button>
          </form>
          <p class="muted">You can turn them on again at any time in Account Settings → Notifications.</p>`,
      ),
    )
  })

  // The page's button, and a mail program's one-click unsubscribe (RFC 8058: a POST of
  // List-Unsubscribe=One-Click to the address of the e-mail's List-Unsubscribe header, which is this
  // link), without signing in: the signed token names the user and the kind. The body is not needed.
  .post('/notification-preferences/unsubscribe', access.public(), validate('query', UnsubscribeQuerySchema), async (c) => {
    const deps = c.get('deps')
    const now = deps.clock.now()
    const link = readUnsubscribeToken(deps.jwtKey, c.req.valid('query').token, now)
    c.header('Cache-Control', 'no-store')
    if (link.status !== 'valid') return c.html(refusedPage(link.status), 400)
    await stopEmails(deps.db, link.userId, link.kind, now)
    const label = NOTIFICATION_KIND_LABELS[link.kind].toLowerCase()
    return c.html(page('Unsubscribed', html`<p>You will no longer receive e-mails about ${label}. Alerts on your devices are unchanged.</p>`))
  })
