import { createHash, randomUUID } from 'node:crypto'
import { crc32, deflateSync } from 'node:zlib'
import { eq, inArray, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import type { Clock } from '../context'
import type { BlobStore } from '../storage/blob-store'
import type { Db, Tx } from './client'
import type { PermCode } from '../../contract/permissions'
import { invoiceNumberFor, nextInvoiceId } from '../invoices/create'
import { CLIENT_ROLE, SUPER_ADMIN_ROLE } from './reference'
import {
  affiliates,
  agents,
  auditEvents,
  businessEntityTypes,
  clientMemberships,
  clientServices,
  clients,
  countries,
  coupons,
  documentRequestEvents,
  documentRequests,
  documentTypes,
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
} from './schema'

/**
 * The demo provider, seeded on the first start of an empty database.
 * Tests and demos rely on these accounts and shapes; dates are relative to the clock.
 */
export const DEMO_PASSWORD = 'Demo-pass-2026!'
/**
 * argon2id (m = 19 MiB, t = 2, p = 1, the settings of server/auth/passwords.ts) of DEMO_PASSWORD, made once with hashPassword. The password is
 * public, so a fixed hash gives nothing away, and seeding (every `createTestServer({ seed: true })`)
 * does no hashing work. seed.test.ts checks that it verifies.
 */
const DEMO_PASSWORD_HASH = '$argon2id$v=19$m=19456,p=1,t=2$5byK7EuxptVSSyNn1Ltvkg$C9Hx/zDbMV32pw3Q0hRG+AKBrM7oQVWyIIOM1nLlRy8'

export const DEMO_ACCOUNTS = {
  admin: 'admin@demo.test',
  clerk: 'clerk@demo.test',
  manager: 'manager@demo.test',
  client: 'client@demo.test',
  client2: 'client2@demo.test',
} as const

export const DEMO_ROLES = {
  clerk: { name: 'Mailroom clerk', codes: ['DCV'] as PermCode[] },
  manager: { name: 'Office manager', codes: ['UCV', 'UCC', 'UCE', 'RCV', 'DCV', 'DCD', 'PCE', 'ICV', 'ICP'] as PermCode[] },
}

export const DEMO_PROVIDER_NAME = 'Sunshine State Registered Agents'
export const DEMO_COMPANIES = { client: 'Sunshine Holdings LLC', client2: 'Gulf Coast Ventures Inc' } as const
export const DEMO_COUPON = 'WELCOME10'
export const DEMO_AFFILIATE = 'PARTNER1'

export interface SeedDeps {
  db: Db
  blobs: BlobStore
  clock: Clock
}

export interface SeedResult {
  seeded: boolean
}

const DAY = 86_400_000
const SEED_LOCK = 727_275

/**
 * Seeds the demo provider when the database has no users yet; returns { seeded: false } otherwise.
 * Everything is written in one transaction (document files go to the blob store first within it).
 * Several servers starting at once on one PostgreSQL seed once: the others wait on the lock, then find users.
 */
export async function seedDemo(deps: SeedDeps): Promise<SeedResult> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`)
    const [{ count }] = await tx.select({ count: sql<number>`count(*)::int` }).from(users)
    if (count > 0) return { seeded: false }
    await seedInto(tx, deps, DEMO_PASSWORD_HASH)
    return { seeded: true }
  })
}

/** What every part of the seed shares: the transaction, the dependencies, and dates relative to now. */
interface Seeding {
  tx: Tx
  deps: SeedDeps
  daysAgo: (days: number, hours?: number) => Date
  daysAhead: (days: number) => Date
}

type CatalogueRow = { service: typeof services.$inferSelect; packages: (typeof servicePackages.$inferSelect)[] }
type ClientRow = typeof clients.$inferSelect
type DemoInvoice = {
  clientId: number
  status: number
  invoiceDate: Date
  dueDate: Date
  paidDate: Date | null
  lines: Omit<typeof invoiceLines.$inferInsert, 'invoiceId'>[]
}

/**
 * The demo provider: its staff and roles, the catalogue, then two clients, each with services,
 * documents, a mail request and notifications, and last the clients' invoices. Rows are written in
 * this order.
 */
async function seedInto(tx: Tx, deps: SeedDeps, passwordHash: string) {
  const now = deps.clock.now()
  const seeding: Seeding = {
    tx,
    deps,
    daysAgo: (days, hours = 0) => new Date(now.getTime() - days * DAY - hours * 3_600_000),
    daysAhead: (days) => new Date(now.getTime() + days * DAY),
  }
  const { daysAgo } = seeding
  const { provider, clerk } = await seedStaff(seeding, passwordHash)
  const { catalogueRows, welcome, partner } = await seedCatalogue(seeding)
  const [registeredAgent, mailForwarding, annualReport, certificate] = catalogueRows

  // ---- reference lookups ----
  const [us] = await tx.select().from(countries).where(eq(countries.iso2, 'US'))
  const entityTypes = await tx
    .select()
    .from(businessEntityTypes)
    .where(inArray(businessEntityTypes.name, ['Florida Limited Liability Company', 'Florida Profit Corporation']))
  const entityType = (name: string) => entityTypes.find((t) => t.name === name)!.id
  const docTypes = await tx.select().from(documentTypes)
  const docType = (name: string) => docTypes.find((t) => t.name === name)!

  // ---- clients ----
  const clientSpecs = [
    {
      email: DEMO_ACCOUNTS.client,
      values: {
        firstName: 'Jordan',
        lastName: 'Avery',
        companyName: DEMO_COMPANIES.client,
        phone: '+13055550142',
        stateProvince: 'FL',
        city: 'Miami',
        address: '1450 Brickell Ave, Suite 1200',
        zipcode: '33131',
        businessType: entityType('Florida Limited Liability Company'),
        attorneyEmail: 'counsel@averylaw.example',
        notifyAttorney: true,
        hasMailbox: true,
        mailboxNumber: 'MB-1042',
        couponId: welcome.id,
        leadGeneratedBy: 'Website',
      },
      address: { service: mailForwarding, package: 1 },
      addon: annualReport,
    },
    {
      email: DEMO_ACCOUNTS.client2,
      values: {
        firstName: 'Riley',
        lastName: 'Chen',
        companyName: DEMO_COMPANIES.client2,
        phone: '+18135550187',
        stateProvince: 'FL',
        city: 'Tampa',
        address: '401 E Jackson St, Floor 3',
        zipcode: '33602',
        businessType: entityType('Florida Profit Corporation'),
        attorneyEmail: null,
        notifyAttorney: false,
        hasMailbox: false,
        mailboxNumber: null,
        affiliateId: partner.id,
        leadGeneratedBy: 'Referral',
      },
      address: { service: registeredAgent, package: 0 },
      addon: certificate,
    },
  ]

  const agentNotifications: (typeof notifications.$inferInsert)[] = []
  const demoInvoices: DemoInvoice[] = []

  for (const [index, spec] of clientSpecs.entries()) {
    const [client] = await tx
      .insert(clients)
      .values({ ...spec.values, countryId: us.id, agentId: provider.id, createdAt: daysAgo(120 + index * 10), updatedAt: daysAgo(30) })
      .returning()
    const [clientUser] = await tx
      .insert(users)
      .values({
        email: spec.email,
        passwordHash,
        firstName: client.firstName,
        lastName: client.lastName,
        roleId: CLIENT_ROLE.id,
        clientId: client.id,
        createdAt: client.createdAt,
        passwordChangedAt: client.createdAt,
      })
      .returning()
    await tx.insert(clientMemberships).values({ userId: clientUser.id, clientId: client.id, role: 'owner', createdAt: client.createdAt })
    // The demo clients are customers of months who signed in before: their dashboard says "Welcome back".
    await tx.insert(auditEvents).values({ action: 'sign-in', entity: 'user', entityId: String(clientUser.id), actorUserId: clientUser.id, at: daysAgo(3) })
    demoInvoices.push(...(await seedClientServices(seeding, client, index, { address: spec.address, addon: spec.addon, catalogueRows })))
    const documentIds = await seedClientDocuments(seeding, client, clerk.id, docType)
    const request = await seedMailRequest(seeding, client, { clientUserId: clientUser.id, clerkId: clerk.id, countryId: us.id }, documentIds)
    agentNotifications.push({
      clientId: null,
      message: `${client.companyName} requested Service of Process by mail`,
      documentRequestId: request.id,
      createdAt: request.createdAt,
    })
  }

  await seedInvoices(seeding, demoInvoices)

  agentNotifications.push({ clientId: null, message: 'Welcome to the provider portal: 2 demo clients are ready', createdAt: daysAgo(30) })
  await tx.insert(notifications).values(agentNotifications)
}

/** The roles (clerk, manager) and the provider with its three staff users. */
async function seedStaff({ tx, daysAgo }: Seeding, passwordHash: string) {
  const roleIds: Record<keyof typeof DEMO_ROLES, number> = { clerk: 0, manager: 0 }
  const perms = await tx.select().from(permissions)
  const permId = new Map(perms.map((p) => [p.permCode, p.id]))
  for (const key of Object.keys(DEMO_ROLES) as (keyof typeof DEMO_ROLES)[]) {
    const { name, codes } = DEMO_ROLES[key]
    const description = key === 'clerk' ? 'Scans and files incoming mail' : 'Runs the office: users, clients, documents and invoices'
    const [role] = await tx
      .insert(roles)
      .values({ name, roleType: 'agent', description, createdAt: daysAgo(400) })
      .returning()
    await tx.insert(rolePermissions).values(codes.map((code) => ({ roleId: role.id, permissionId: permId.get(code)! })))
    roleIds[key] = role.id
  }

  const [provider] = await tx
    .insert(agents)
    .values({ name: DEMO_PROVIDER_NAME, createdAt: daysAgo(400) })
    .returning()
  // Admin first: the session reads the agent record's users[0].
  await tx.insert(users).values({
    email: DEMO_ACCOUNTS.admin,
    passwordHash,
    firstName: 'Alex',
    lastName: 'Rivera',
    roleId: SUPER_ADMIN_ROLE.id,
    agentId: provider.id,
    createdAt: daysAgo(400),
    passwordChangedAt: daysAgo(400),
  })
  const [clerk] = await tx
    .insert(users)
    .values({
      email: DEMO_ACCOUNTS.clerk,
      passwordHash,
      firstName: 'Casey',
      lastName: 'Nguyen',
      roleId: roleIds.clerk,
      agentId: provider.id,
      createdAt: daysAgo(300),
      passwordChangedAt: daysAgo(300),
    })
    .returning()
  await tx.insert(users).values({
    email: DEMO_ACCOUNTS.manager,
    passwordHash,
    firstName: 'Morgan',
    lastName: 'Bell',
    roleId: roleIds.manager,
    agentId: provider.id,
    createdAt: daysAgo(300),
    passwordChangedAt: daysAgo(300),
  })
  return { provider, clerk }
}

/** The services and their packages, a coupon and an affiliate. */
async function seedCatalogue({ tx, daysAgo }: Seeding) {
  const catalogue = [
    {
      name: 'Registered Agent Service',
      description: 'A Florida street address for service of process, with same-day scanning of legal documents.',
      kind: 'address',
      packages: [
        { name: 'Annual', description: 'One year of registered agent service', amountCents: 14_900 },
        { name: 'Two years', description: 'Two years, billed once', amountCents: 27_900 },
      ],
    },
    {
      name: 'Registered Agent + Mail Forwarding',
      description: 'Registered agent service plus a business mailing address with mail scanning and forwarding.',
      kind: 'address',
      packages: [
        { name: 'Basic', description: 'Up to 30 scanned items a month', amountCents: 24_900 },
        { name: 'Premium', description: 'Unlimited scanning, weekly forwarding', amountCents: 39_900 },
        { name: 'Enterprise', description: 'Unlimited scanning, daily forwarding, dedicated mailbox', amountCents: 69_900 },
      ],
    },
    {
      name: 'Annual Report Filing',
      description: 'We file your Florida annual report with Sunbiz before the May 1 deadline.',
      kind: 'addon',
      packages: [{ name: 'Per filing', description: 'State fee included', amountCents: 19_900 }],
    },
    {
      name: 'Certificate of Status',
      description: 'A certified certificate of status from the Florida Division of Corporations.',
      kind: 'addon',
      packages: [{ name: 'One certificate', description: 'Delivered as a PDF', amountCents: 4_900 }],
    },
    {
      name: 'Compliance Alerts',
      description: 'E-mail and text reminders of every filing deadline for your entity.',
      kind: 'addon',
      packages: [{ name: 'Yearly', description: 'Alerts for one entity', amountCents: 2_900 }],
    },
  ] as const
  const catalogueRows: { service: typeof services.$inferSelect; packages: (typeof servicePackages.$inferSelect)[] }[] = []
  for (const [i, item] of catalogue.entries()) {
    const [service] = await tx
      .insert(services)
      .values({ name: item.name, description: item.description, kind: item.kind, sortOrder: (i + 1) * 10 })
      .returning()
    const packages = await tx
      .insert(servicePackages)
      .values(item.packages.map((p, j) => ({ ...p, serviceId: service.id, sortOrder: (j + 1) * 10 })))
      .returning()
    catalogueRows.push({ service, packages })
  }

  const [welcome] = await tx
    .insert(coupons)
    .values({ code: DEMO_COUPON, description: '10% off your first order', percentOff: 10, createdAt: daysAgo(200) })
    .returning()
  const [partner] = await tx
    .insert(affiliates)
    .values({ code: DEMO_AFFILIATE, name: 'Bayside Accounting Partners', createdAt: daysAgo(200) })
    .returning()
  return { catalogueRows, welcome, partner }
}

/** A client's services (the chosen address package, one add-on, alerts cancelled); returns its three invoices to write. */
async function seedClientServices(
  { tx, daysAgo, daysAhead }: Seeding,
  client: ClientRow,
  index: number,
  spec: { address: { service: CatalogueRow; package: number }; addon: CatalogueRow; catalogueRows: CatalogueRow[] },
): Promise<DemoInvoice[]> {
  const [, , , certificate, alerts] = spec.catalogueRows
  // Services: the chosen address package and one add-on; alerts were tried and cancelled.
  const addressPackage = spec.address.service.packages[spec.address.package]
  const addonPackage = spec.addon.packages[0]
  await tx.insert(clientServices).values([
    { clientId: client.id, serviceId: spec.address.service.service.id, servicePackageId: addressPackage.id, createdAt: client.createdAt },
    { clientId: client.id, serviceId: spec.addon.service.id, servicePackageId: addonPackage.id, createdAt: daysAgo(40) },
    { clientId: client.id, serviceId: alerts.service.id, servicePackageId: alerts.packages[0].id, active: false, createdAt: daysAgo(100) },
  ])

  // Invoices: one paid (with its payment), one overdue, one new with a future due date.
  const line = (pkg: typeof servicePackages.$inferSelect, service: typeof services.$inferSelect) => ({
    description: `${service.name}: ${pkg.name}`,
    serviceId: service.id,
    servicePackageId: pkg.id,
    quantity: 1,
    unitAmountCents: pkg.amountCents,
    amountCents: pkg.amountCents,
  })
  const invoiceSpecs = [
    {
      status: 1,
      invoiceDate: daysAgo(118 + index * 10),
      dueDate: daysAgo(88 + index * 10),
      paidDate: daysAgo(118 + index * 10, -1),
      lines: [line(addressPackage, spec.address.service.service)],
    },
    {
      status: 3,
      invoiceDate: daysAgo(45),
      dueDate: daysAgo(15),
      paidDate: null,
      lines: [line(addonPackage, spec.addon.service)],
    },
    {
      status: 2,
      invoiceDate: daysAgo(5),
      dueDate: daysAhead(25),
      paidDate: null,
      lines: [line(certificate.packages[0], certificate.service), line(alerts.packages[0], alerts.service)],
    },
  ]
  return invoiceSpecs.map((invoice) => ({ clientId: client.id, ...invoice }))
}

/** A client's documents: mixed jurisdictions and types, newest first; the oldest is shredded. Returns their ids. */
async function seedClientDocuments(
  { tx, deps, daysAgo }: Seeding,
  client: ClientRow,
  clerkId: number,
  docType: (name: string) => typeof documentTypes.$inferSelect,
): Promise<number[]> {
  // Documents: mixed jurisdictions and types, newest first; the oldest is past 60 days and shredded.
  const documentSpecs = [
    { days: 0, type: 'Annual Report Notice', jurisdiction: 2, isRead: false, file: 'pdf' },
    { days: 3, type: 'Tax Notice', jurisdiction: 1, isRead: false, file: 'pdf' },
    { days: 9, type: 'Bank Statement', jurisdiction: 3, isRead: true, file: 'png' },
    { days: 20, type: 'Service of Process', jurisdiction: 2, isRead: true, file: 'pdf' },
    { days: 41, type: 'Government Correspondence', jurisdiction: 1, isRead: true, file: 'pdf' },
    { days: 57, type: 'General Mail', jurisdiction: 3, isRead: false, file: 'pdf' },
    { days: 75, type: 'General Mail', jurisdiction: 3, isRead: true, file: 'shredded' },
  ] as const
  const documentIds: number[] = []
  for (const doc of documentSpecs) {
    const type = docType(doc.type)
    const uploadedAt = daysAgo(doc.days, doc.days === 0 ? 0 : 2)
    const title = `${type.name} for ${client.companyName}`
    const extension = doc.file === 'png' ? 'png' : 'pdf'
    const bytes = doc.file === 'png' ? demoPng() : onePagePdf(title, DateTime.fromJSDate(uploadedAt).toISODate()!)
    // A shredded document's file is gone; its record (with what the file was) stays.
    const storageKey = doc.file === 'shredded' ? null : `documents/${client.id}/${randomUUID()}.${extension}`
    const stored = storageKey ? await deps.blobs.put(storageKey, bytes) : { size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') }
    const [row] = await tx
      .insert(documents)
      .values({
        clientId: client.id,
        documentTypeId: type.id,
        jurisdiction: doc.jurisdiction,
        dateReceived: DateTime.fromJSDate(uploadedAt, { zone: 'America/New_York' }).toISODate()!,
        uploadedAt,
        uploadedBy: clerkId,
        isRead: doc.isRead,
        readAt: doc.isRead ? new Date(uploadedAt.getTime() + 6 * 3_600_000) : null,
        fileName: `${type.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${DateTime.fromJSDate(uploadedAt).toFormat('yyyyLLdd')}.${extension}`,
        storageKey,
        contentType: extension === 'png' ? 'image/png' : 'application/pdf',
        sizeBytes: stored.size,
        sha256: stored.sha256,
        status: storageKey ? 'active' : 'shredded',
        shreddedAt: storageKey ? null : daysAgo(doc.days - 61),
      })
      .returning()
    documentIds.push(row.id)
  }
  return documentIds
}

/** A request to mail the client's Service of Process document, now being processed, and the client's notifications. */
async function seedMailRequest(
  { tx, daysAgo }: Seeding,
  client: ClientRow,
  people: { clientUserId: number; clerkId: number; countryId: number },
  documentIds: number[],
) {
  const { clientUserId, clerkId } = people
  // A request to mail the Service of Process document, now being processed.
  const requestedAt = daysAgo(6)
  const [request] = await tx
    .insert(documentRequests)
    .values({
      documentId: documentIds[3],
      clientId: client.id,
      status: 2,
      recipientName: `${client.firstName} ${client.lastName}`,
      address: client.address,
      city: client.city,
      stateProvince: client.stateProvince,
      zipcode: client.zipcode,
      countryId: people.countryId,
      requestedBy: clientUserId,
      createdAt: requestedAt,
      updatedAt: daysAgo(5),
    })
    .returning()
  await tx.insert(documentRequestEvents).values([
    { documentRequestId: request.id, status: 1, note: 'Requested by the client', byUserId: clientUserId, createdAt: requestedAt },
    { documentRequestId: request.id, status: 2, note: 'Original pulled from the mailroom for mailing', byUserId: clerkId, createdAt: daysAgo(5) },
  ])

  const notices = [
    { clientId: client.id, message: 'New document received: Annual Report Notice', documentId: documentIds[0], read: false, createdAt: daysAgo(0) },
    {
      clientId: client.id,
      message: 'Your request to mail Service of Process is now Processing',
      documentRequestId: request.id,
      read: true,
      createdAt: daysAgo(5),
    },
    { clientId: client.id, message: 'New document received: Tax Notice', documentId: documentIds[1], read: true, createdAt: daysAgo(3) },
    { clientId: client.id, message: 'New document received: Service of Process', documentId: documentIds[3], read: true, createdAt: daysAgo(20) },
  ]
  const noticeRows = await tx
    .insert(notifications)
    .values(notices.map(({ read: _read, ...notice }) => notice))
    .returning({ id: notifications.id })
  // What the demo client already read, read by them (each person has their own read marks).
  await tx
    .insert(notificationReads)
    .values(noticeRows.filter((_, index) => notices[index]!.read).map(({ id }) => ({ notificationId: id, userId: clientUserId, readAt: daysAgo(0) })))
  return request
}

/** The clients' invoices, with a payment for each paid one. */
async function seedInvoices({ tx }: Seeding, demoInvoices: DemoInvoice[]) {
  // Oldest first, so the ids (and so the numbers) follow the invoice dates, as they do for real invoices.
  demoInvoices.sort((a, b) => a.invoiceDate.getTime() - b.invoiceDate.getTime())
  for (const spec of demoInvoices) {
    const totalCents = spec.lines.reduce((sum, l) => sum + l.amountCents, 0)
    // Numbered as every new invoice is (the id in the number), so the demo data shows the one format.
    const id = await nextInvoiceId(tx)
    const [invoice] = await tx
      .insert(invoices)
      .values({
        id,
        invoiceNumber: invoiceNumberFor(id, spec.invoiceDate),
        clientId: spec.clientId,
        invoiceDate: spec.invoiceDate,
        dueDate: spec.dueDate,
        paidDate: spec.paidDate,
        totalCents,
        status: spec.status,
        createdAt: spec.invoiceDate,
      })
      .returning()
    await tx.insert(invoiceLines).values(spec.lines.map((l) => ({ ...l, invoiceId: invoice.id })))
    if (spec.paidDate) {
      const [payment] = await tx
        .insert(payments)
        .values({
          clientId: spec.clientId,
          amountCents: totalCents,
          gateway: 'sandbox',
          gatewayReference: `sandbox_demo_${invoice.invoiceNumber}`,
          idempotencyKey: `demo-seed-${invoice.invoiceNumber}`,
          cardBrand: 'visa',
          cardLast4: '4242',
          createdAt: spec.paidDate,
        })
        .returning()
      await tx.insert(paymentInvoices).values({ paymentId: payment.id, invoiceId: invoice.id, amountCents: totalCents })
    }
  }
}

// ---------- demo files ----------

/** A valid one-page PDF with one line of text naming the document. */
export function onePagePdf(title: string, date: string): Uint8Array {
  const escape = (s: string) => s.replace(/[\\()]/g, (m) => `\\${m}`).replace(/[^\x20-\x7e]/g, '?')
  const content = [
    'BT /F1 18 Tf 72 720 Td',
    `(${escape(title)}) Tj`,
    '0 -28 Td /F1 11 Tf',
    `(Received ${escape(date)} - demo document of the client portal) Tj`,
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    // The document's name, which PDF viewers show as the title (instead of a file or blob name).
    `<< /Title (${escape(title)}) /Producer (Client Portal) >>`,
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'))
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(pdf, 'latin1')
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(pdf, 'latin1'))
}

/** A small valid PNG (a scanned-statement look: white page, grey text bars). */
export function demoPng(width = 120, height = 160): Uint8Array {
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1)
    raw[row] = 0 // filter: none
    const textLine = y > 16 && y < height - 16 && y % 10 < 4
    for (let x = 0; x < width; x++) {
      const ink = textLine && x > 12 && x < width - 12 - ((y * 7) % 30)
      const value = ink ? 110 : 250
      raw.fill(value, row + 1 + x * 3, row + 4 + x * 3)
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(typed) >>> 0)
    return Buffer.concat([length, typed, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bit depth
  header[9] = 2 // colour type: RGB
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  )
}
