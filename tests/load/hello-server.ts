/**
 * The yardstick of the API benchmark: a Hono hello-world on the same Node and the same HTTP adapter
 * as the portal's server. `PORT=... npx tsx tests/load/hello-server.ts`
 */
import { serve } from '@hono/node-server'
import { Hono } from 'hono'

const app = new Hono().get('/', (c) => c.text('Hello Hono!'))
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' })
server.once('listening', () => {
  const address = server.address()
  console.log(`listening on ${typeof address === 'object' && address ? address.port : ''}`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
