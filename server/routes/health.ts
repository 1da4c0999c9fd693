import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { access } from '../auth/policy'
import type { AppEnv } from '../context'

export const healthRoutes = new Hono<AppEnv>().get('/health', access.public(), async (c) => {
  await c.var.deps.db.execute(sql`select 1`)
  return c.json({ status: 'ok' })
})
