/**
 * A floor for the API benchmark's list lines: what a client's first invoice page costs with nothing of
 * the portal around it. Hono on the same Node and HTTP adapter as the portal, postgres.js with the same
 * statement the portal sends (the page and its capped total), planned once; no token check, no ORM, no
 * compression, no logging. `FLOOR_DATABASE_URL=... PORT=... npx tsx tests/load/list-floor-server.ts`
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import postgres from 'postgres'

const sql = postgres(process.env.FLOOR_DATABASE_URL!, { max: 10, onnotice: () => {} })
const PAGE = `select i.id, i.invoice_number, i.client_id, i.invoice_date, i.due_date, i.paid_date, i.total_cents, i.status,
    c.id as client, c.company_name, c.first_name, c.last_name, c.address, c.city, c.state_province, c.zipcode, co.name as country,
    (select count(*)::int from (select 1 from invoices where client_id = $1 limit 1001) as matching) as matching_count
  from invoices i join clients c on c.id = i.client_id left join countries co on co.id = c.country_id
  where i.client_id = $1 order by i.invoice_date desc, i.id desc limit 20 offset 0`

const app = new Hono().get('/client/:id/invoices', async (c) => c.json(await sql.unsafe(PAGE, [Number(c.req.param('id'))], { prepare: true })))
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' })
server.once('listening', () => {
  const address = server.address()
  console.log(`listening on ${typeof address === 'object' && address ? address.port : ''}`)
})
process.on('SIGTERM', () => server.close(() => void sql.end().then(() => process.exit(0))))
