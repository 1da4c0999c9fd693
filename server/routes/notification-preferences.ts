import { Hono } from 'hono'
import { html } from 'hono/html'
import * as v from 'valibot'
import { NOTIFICATION_KIND_LABELS, NotificationPreferencesBodySchema } from '../../contract/preferences'
import { access } from '../auth/policy'
import type { AppEnv } from '../context'
import { validate } from '../http/validate'
import { preferencesOf, readUnsubscribeToken, savePreferences, stopEmails } from '../notifications/preferences'

const UnsubscribeQuerySchema = v.object({ token: v.pipe(v.string(), v.maxLength(200)) })

const page = (title: string, message: string) => html`<!doctype html>
  <html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>${title}</title>
      <style>
        body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5; color: #1f2937; }
        a { color: #1d4ed8; }
      </style>
    </head>
    <body>
      <h1>${title}</h1>
      <p>${message}</p>
      <p><a href="/account-settings/notifications">Notification settings</a></p>
    </body>
  </html>`

/** Account Settings → Notifications, and the one-click unsubscribe link of notification e-mails. */
export const notificationPreferenceRoutes = new Hono<AppEnv>()
  .get('/notification-preferences', access.signedIn(), async (c) => c.json({ preferences: await preferencesOf(c.get('deps').db, c.get('caller').userId) }))

  .put('/notification-preferences', access.signedIn(), validate('json', NotificationPreferencesBodySchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    await savePreferences(deps.db, caller.userId, c.req.valid('json').preferences, deps.clock.now())
    return c.json({ preferences: await preferencesOf(deps.db, caller.userId) })
  })

  // One click from an e-mail, without signing in: the signed token names the user and the kind.
  .get('/notification-preferences/unsubscribe', access.public(), validate('query', UnsubscribeQuerySchema), async (c) => {
    const deps = c.get('deps')
    const target = readUnsubscribeToken(deps.jwtKey, c.req.valid('query').token)
    c.header('Cache-Control', 'no-store')
    if (!target) return c.html(page('This link is not valid', 'Change which e-mails you receive in Account Settings → Notifications.'), 400)
    await stopEmails(deps.db, target.userId, target.kind, deps.clock.now())
    const label = NOTIFICATION_KIND_LABELS[target.kind]
    return c.html(page('Unsubscribed', `You will no longer receive e-mails about ${label.toLowerCase()}. Alerts on your devices are unchanged.`))
  })
