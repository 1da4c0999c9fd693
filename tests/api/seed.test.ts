import { createHash } from 'node:crypto'
import { asc, eq, inArray, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyPassword } from '../../server/auth/passwords'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../../server/db/seed'
import {
  affiliates,
  agents,
  clientServices,
  clients,
  countries,
  coupons,
  documentRequestEvents,
  documentRequests,
  documents,
  invoiceLines,
  invoices,
  notificationReads,
  notifications,
  paymentInvoices,
  payments,
  permissions,
  rolePermissions,
  roles,
  servicePackages,
  services,
  users,
} from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'

/** The demo data, which demos and every other test file rely on. */
let server: TestServer
const DAY = 86_400_000

beforeAll(async () => {
  server = await createTestServer({ seed: true, now: new Date('2026-06-15T15:00:00Z') })
}, 120_000)
afterAll(() => server.close())

async function readBlob(key: string) {
  const stream = await server.deps.blobs.get(key)
  if (!stream) return null
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('demo seed', () => {
  it('creates the five accounts with the demo password, hashed with argon2id at the OWASP setting (m = 19 MiB, t = 2, p = 1)', async () => {
    const rows = await server.db
      .select()
      .from(users)
      .where(inArray(users.email, Object.values(DEMO_ACCOUNTS)))
    expect(rows).toHaveLength(5)
    for (const row of rows) {
      const [, algorithm, , params] = row.passwordHash.split('$')
      expect(algorithm).toBe('argon2id')
      const cost = Object.fromEntries(params.split(',').map((kv) => kv.split('=')))
      expect(cost).toEqual({ m: '19456', t: '2', p: '1' })
      expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD)).toBe(true)
    }
  })

  it('gives the staff their roles: super admin, "Mailroom clerk" (DCV), "Office manager" (nine codes)', async () => {
    const codesOf = async (email: string) => {
      const [user] = await server.db.select().from(users).where(eq(users.email, email))
      const [role] = await server.db.select().from(roles).where(eq(roles.id, user.roleId))
      const codes = await server.db
        .select({ code: permissions.permCode })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(eq(rolePermissions.roleId, role.id))
      return { role, codes: codes.map((c) => c.code).sort(), user }
    }
    const admin = await codesOf(DEMO_ACCOUNTS.admin)
    expect(admin.role.id).toBe(1)
    const clerk = await codesOf(DEMO_ACCOUNTS.clerk)
    expect(clerk.role).toMatchObject({ name: 'Mailroom clerk', roleType: 'agent' })
    expect(clerk.codes).toEqual(['DCV'])
    const manager = await codesOf(DEMO_ACCOUNTS.manager)
    expect(manager.role).toMatchObject({ name: 'Office manager', roleType: 'agent' })
    expect(manager.codes).toEqual(['DCD', 'DCV', 'ICP', 'ICV', 'PCE', 'RCV', 'UCC', 'UCE', 'UCV'])
    // One provider record holds the three staff users, admin first.
    const [provider] = await server.db.select().from(agents)
    const staff = await server.db.select().from(users).where(eq(users.agentId, provider.id)).orderBy(asc(users.id))
    expect(staff.map((u) => u.email)).toEqual([DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.clerk, DEMO_ACCOUNTS.manager])
  })

  it('creates the two client companies with full Florida addresses', async () => {
    const [us] = await server.db.select().from(countries).where(eq(countries.iso2, 'US'))
    for (const [email, company] of [
      [DEMO_ACCOUNTS.client, 'Sunshine Holdings LLC'],
      [DEMO_ACCOUNTS.client2, 'Gulf Coast Ventures Inc'],
    ]) {
      const [user] = await server.db.select().from(users).where(eq(users.email, email))
      expect(user.roleId).toBe(2)
      const [client] = await server.db.select().from(clients).where(eq(clients.id, user.clientId!))
      expect(client.companyName).toBe(company)
      expect(client).toMatchObject({ stateProvince: 'FL', countryId: us.id })
      expect(client.address).not.toBe('')
      expect(client.city).not.toBe('')
      expect(client.zipcode).toMatch(/^3\d{4}$/)
      expect(client.businessType).toEqual(expect.any(Number))
      const services = await server.db.select().from(clientServices).where(eq(clientServices.clientId, client.id))
      expect(services.some((s) => s.active)).toBe(true)
    }
  })

  it('has a catalogue of two address services with two or more packages each, three add-ons, WELCOME10 and PARTNER1', async () => {
    const all = await server.db.select().from(services)
    const packages = await server.db.select().from(servicePackages)
    const packagesOf = (id: number) => packages.filter((p) => p.serviceId === id)
    const address = all.filter((s) => s.kind === 'address')
    const addons = all.filter((s) => s.kind === 'addon')
    expect(address.length).toBeGreaterThanOrEqual(2)
    for (const s of address) expect(packagesOf(s.id).length).toBeGreaterThanOrEqual(2)
    expect(addons).toHaveLength(3)
    for (const s of addons) expect(packagesOf(s.id).length).toBeGreaterThanOrEqual(1)
    for (const p of packages) expect(Number.isInteger(p.amountCents) && p.amountCents > 0).toBe(true)
    const [coupon] = await server.db.select().from(coupons).where(eq(coupons.code, 'WELCOME10'))
    expect(coupon).toMatchObject({ percentOff: 10, active: true })
    const [affiliate] = await server.db.select().from(affiliates).where(eq(affiliates.code, 'PARTNER1'))
    expect(affiliate.active).toBe(true)
  })

  it('gives each client a paid (with its payment), an unpaid and an overdue invoice', async () => {
    const now = server.clock.now()
    for (const client of await server.db.select().from(clients)) {
      const rows = await server.db.select().from(invoices).where(eq(invoices.clientId, client.id))
      expect(rows.map((r) => r.status).sort()).toEqual([1, 2, 3])
      for (const invoice of rows) {
        // The one format new invoices get: the year of the invoice date and the id, six digits or more.
        expect(invoice.invoiceNumber).toBe(`INV-${invoice.invoiceDate.getUTCFullYear()}-${String(invoice.id).padStart(6, '0')}`)
        const lines = await server.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id))
        expect(lines.length).toBeGreaterThan(0)
        expect(lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(invoice.totalCents)
      }
      const paid = rows.find((r) => r.status === 1)!
      expect(paid.paidDate).not.toBeNull()
      const links = await server.db.select().from(paymentInvoices).where(eq(paymentInvoices.invoiceId, paid.id))
      expect(links).toHaveLength(1)
      const [payment] = await server.db.select().from(payments).where(eq(payments.id, links[0].paymentId))
      expect(payment.amountCents).toBe(paid.totalCents)
      expect(rows.find((r) => r.status === 2)!.dueDate.getTime()).toBeGreaterThan(now.getTime())
      const overdue = rows.find((r) => r.status === 3)!
      expect(overdue.dueDate.getTime()).toBeLessThan(now.getTime())
      expect(overdue.paidDate).toBeNull()
    }
  })

  it('gives each client at least 6 documents: mixed jurisdictions, read and unread, one today, one shredded after 60 days', async () => {
    const now = server.clock.now()
    for (const client of await server.db.select().from(clients)) {
      const docs = await server.db.select().from(documents).where(eq(documents.clientId, client.id))
      expect(docs.length).toBeGreaterThanOrEqual(6)
      expect(new Set(docs.map((d) => d.jurisdiction))).toEqual(new Set([1, 2, 3]))
      expect(new Set(docs.map((d) => d.documentTypeId)).size).toBeGreaterThan(2)
      expect(docs.some((d) => d.isRead)).toBe(true)
      expect(docs.some((d) => !d.isRead)).toBe(true)
      expect(docs.some((d) => d.uploadedAt.toISOString().slice(0, 10) === now.toISOString().slice(0, 10))).toBe(true)
      const shredded = docs.filter((d) => d.status === 'shredded')
      expect(shredded.length).toBeGreaterThanOrEqual(1)
      for (const d of shredded) {
        expect(d.storageKey).toBeNull()
        expect(now.getTime() - d.uploadedAt.getTime()).toBeGreaterThan(60 * DAY)
        expect(d.shreddedAt).not.toBeNull()
      }
      // Every active document is younger than 60 days and has its real file in the blob store.
      for (const d of docs.filter((x) => x.status === 'active')) {
        expect(now.getTime() - d.uploadedAt.getTime()).toBeLessThan(60 * DAY)
        expect(d.storageKey).toMatch(new RegExp(`^documents/${client.id}/[0-9a-f-]{36}\\.(pdf|png)$`))
        const bytes = await readBlob(d.storageKey!)
        expect(bytes).not.toBeNull()
        expect(bytes!.length).toBe(d.sizeBytes)
        expect(createHash('sha256').update(bytes!).digest('hex')).toBe(d.sha256)
        if (d.contentType === 'application/pdf') {
          expect(bytes!.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4')
          expect(bytes!.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true)
          // The xref offsets point at the objects, so PDF readers open it without repair.
          const text = bytes!.toString('latin1')
          const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1])
          expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref')
          const offsets = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
          expect(offsets).toHaveLength(6)
          offsets.forEach((offset, i) => expect(text.startsWith(`${i + 1} 0 obj\n`, offset)).toBe(true))
          // A viewer's title is the document's name, not a file or blob name.
          expect(text).toMatch(/\/Info 6 0 R/)
          expect(text).toMatch(new RegExp(`/Title \\([A-Za-z ]+ for ${client.companyName.replace(/[.]/g, '\\.')}\\)`))
        } else {
          expect(d.contentType).toBe('image/png')
          expect([...bytes!.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
        }
      }
      expect(docs.some((d) => d.contentType === 'image/png')).toBe(true)
    }
  })

  it('gives each client a document request in progress with its events, and notifications with one unread', async () => {
    for (const client of await server.db.select().from(clients)) {
      const requests = await server.db.select().from(documentRequests).where(eq(documentRequests.clientId, client.id))
      expect(requests).toHaveLength(1)
      expect(requests[0].status).toBe(2)
      const events = await server.db
        .select()
        .from(documentRequestEvents)
        .where(eq(documentRequestEvents.documentRequestId, requests[0].id))
        .orderBy(asc(documentRequestEvents.createdAt))
      expect(events.map((e) => e.status)).toEqual([1, 2])
      const [doc] = await server.db.select().from(documents).where(eq(documents.id, requests[0].documentId))
      expect(doc.status).toBe('active')

      const notes = await server.db.select().from(notifications).where(eq(notifications.clientId, client.id))
      expect(notes.length).toBeGreaterThanOrEqual(3)
      // Some read by the demo client, some not.
      const reads = await server.db
        .select()
        .from(notificationReads)
        .where(
          inArray(
            notificationReads.notificationId,
            notes.map((n) => n.id),
          ),
        )
      expect(reads.length).toBeGreaterThanOrEqual(1)
      expect(reads.length).toBeLessThan(notes.length)
      expect(notes.some((n) => n.documentRequestId === requests[0].id)).toBe(true)
    }
    const forAgents = await server.db.select().from(notifications).where(isNull(notifications.clientId))
    expect(forAgents.length).toBeGreaterThanOrEqual(2)
  })

  it('dates everything relative to the clock', async () => {
    const latest = await server.db.select({ at: documents.uploadedAt }).from(documents)
    const newest = Math.max(...latest.map((d) => d.at.getTime()))
    expect(newest).toBeLessThanOrEqual(server.clock.now().getTime())
    expect(server.clock.now().getTime() - newest).toBeLessThan(DAY)
  })

  it('seeds only an empty database: a second run changes nothing', async () => {
    const before = await server.db.select({ id: users.id }).from(users)
    expect(await seedDemo({ db: server.db, blobs: server.deps.blobs, clock: server.clock })).toEqual({ seeded: false })
    expect(await server.db.select({ id: users.id }).from(users)).toHaveLength(before.length)
  })
})
