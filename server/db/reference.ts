import { sql } from 'drizzle-orm'
import { PERMISSION_CODES, PERMISSIONS, SUPER_ADMIN_ROLE_ID } from '../../contract/permissions'
import { ensureShippingOptions } from '../shipping/options'
import type { Db } from './client'
import { businessEntityTypes, countries, documentTypes, permissions, roles } from './schema'

export const SUPER_ADMIN_ROLE = { id: SUPER_ADMIN_ROLE_ID, name: 'Super Admin', roleType: 'agent' } as const
export const CLIENT_ROLE = { id: 2, name: 'Client', roleType: 'client' } as const

/** Florida (Sunbiz) entity kinds. */
export const BUSINESS_ENTITY_TYPES = [
  'Florida Profit Corporation',
  'Florida Not For Profit Corporation',
  'Florida Limited Liability Company',
  'Florida Limited Partnership',
  'Florida Limited Liability Limited Partnership',
  'Florida General Partnership',
  'Florida Professional Association',
  'Foreign Profit Corporation',
  'Foreign Not For Profit Corporation',
  'Foreign Limited Liability Company',
  'Foreign Limited Partnership',
  'Fictitious Name (DBA)',
  'Trademark',
] as const

export const COUNTRIES: [string, string][] = [
  ['US', 'United States'],
  ['CA', 'Canada'],
  ['MX', 'Mexico'],
  ['AR', 'Argentina'],
  ['BS', 'Bahamas'],
  ['BR', 'Brazil'],
  ['CL', 'Chile'],
  ['CN', 'China'],
  ['CO', 'Colombia'],
  ['DO', 'Dominican Republic'],
  ['EC', 'Ecuador'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['GT', 'Guatemala'],
  ['HT', 'Haiti'],
  ['HN', 'Honduras'],
  ['IN', 'India'],
  ['IL', 'Israel'],
  ['IT', 'Italy'],
  ['JM', 'Jamaica'],
  ['JP', 'Japan'],
  ['NL', 'Netherlands'],
  ['PA', 'Panama'],
  ['PE', 'Peru'],
  ['PR', 'Puerto Rico'],
  ['ES', 'Spain'],
  ['CH', 'Switzerland'],
  ['GB', 'United Kingdom'],
  ['UY', 'Uruguay'],
  ['VE', 'Venezuela'],
]

/** The document type that is urgent (lawsuits): see server/notifications/announce.ts. */
export const SERVICE_OF_PROCESS = 'Service of Process'

export const DOCUMENT_TYPES = [
  'Service of Process',
  'Annual Report Notice',
  'Tax Notice',
  'Government Correspondence',
  'Bank Statement',
  'General Mail',
] as const

/**
 * Data every installation needs, demo or not: permission codes, the super admin and client roles,
 * countries (United States first), entity types, document types and the seeded shipping options.
 * Safe to run on every start.
 */
export async function ensureReferenceData(db: Db): Promise<void> {
  // A code whose label changed gets the new label; codes are never removed here (roles may hold them).
  await db
    .insert(permissions)
    .values(PERMISSION_CODES.map((permCode) => ({ permCode, name: PERMISSIONS[permCode].label })))
    .onConflictDoUpdate({ target: permissions.permCode, set: { name: sql`excluded.name` } })
  await db
    .insert(roles)
    .values([
      { ...SUPER_ADMIN_ROLE, description: 'Passes every permission check' },
      { ...CLIENT_ROLE, description: 'Users of a client company' },
    ])
    .onConflictDoNothing()
  // Keep the serial ahead of the fixed ids above.
  await db.execute(sql`select setval(pg_get_serial_sequence('roles', 'id'), greatest((select max(id) from roles), 2))`)
  await db
    .insert(countries)
    .values(COUNTRIES.map(([iso2, name], i) => ({ iso2, name, sortOrder: i === 0 ? 0 : 100 })))
    .onConflictDoNothing()
  await db
    .insert(businessEntityTypes)
    .values(BUSINESS_ENTITY_TYPES.map((name) => ({ name })))
    .onConflictDoNothing()
  await db
    .insert(documentTypes)
    .values(DOCUMENT_TYPES.map((name) => ({ name })))
    .onConflictDoNothing()
  await ensureShippingOptions(db)
}
