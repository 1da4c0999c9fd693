import { and, asc, eq, sql } from 'drizzle-orm'
import { MAX_SAVED_ADDRESSES, type Address } from '../../contract/addresses'
import { recordAudit } from '../audit'
import type { Db, Tx } from '../db/client'
import { isUniqueViolation } from '../db/pg-error'
import { clientAddresses, clients, countries, documentTypes, mailRules } from '../db/schema'
import { conflict, HttpError, notFound } from '../http/errors'
import type { ChangeContext } from './queries'

/**
 * A client's address book: saved mailing addresses, each under a label unique to the client whatever
 * its case, at most MAX_SAVED_ADDRESSES of them. Every change locks the client's row first, so two
 * saves at once cannot pass the limit together, and writes its audit row in the same transaction.
 */

/** The fields of a saved address, as given (trimmed by the contract). */
export interface AddressFields {
  label: string
  recipientName: string
  address: string
  city: string
  stateProvince: string
  zipcode: string
  countryId: number
}

const addressColumns = {
  id: clientAddresses.id,
  clientId: clientAddresses.clientId,
  label: clientAddresses.label,
  recipientName: clientAddresses.recipientName,
  address: clientAddresses.address,
  city: clientAddresses.city,
  stateProvince: clientAddresses.stateProvince,
  zipcode: clientAddresses.zipcode,
  countryId: clientAddresses.countryId,
  countryName: countries.name,
  createdAt: clientAddresses.createdAt,
  updatedAt: clientAddresses.updatedAt,
}

function selectAddresses(db: Db | Tx) {
  return db.select(addressColumns).from(clientAddresses).leftJoin(countries, eq(countries.id, clientAddresses.countryId))
}

type AddressRow = Awaited<ReturnType<ReturnType<typeof selectAddresses>['where']>>[number]

function toWireAddress(row: AddressRow): Address {
  return { ...row, countryName: row.countryName ?? null, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

/** The client's saved addresses, by label (case aside); undefined when there is no such client. */
export async function listAddresses(db: Db, clientId: number): Promise<Address[] | undefined> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId))
  if (!client) return undefined
  const rows = await selectAddresses(db)
    .where(eq(clientAddresses.clientId, clientId))
    .orderBy(sql`lower(${clientAddresses.label})`, asc(clientAddresses.id))
  return rows.map(toWireAddress)
}

/** One of the client's saved addresses; undefined when it has no such address (another client's included). */
export async function findAddress(db: Db | Tx, clientId: number, addressId: number): Promise<Address | undefined> {
  const [row] = await selectAddresses(db).where(and(eq(clientAddresses.id, addressId), eq(clientAddresses.clientId, clientId)))
  return row ? toWireAddress(row) : undefined
}

const duplicate = (label: string) =>
  conflict('An address with this label is already saved', `An address named “${label}” is already saved. Choose another label.`)

const tooMany = () =>
  new HttpError(422, 'The address book is full', `At most ${MAX_SAVED_ADDRESSES} addresses can be saved. Delete one you no longer use to save another.`, [
    { path: 'label', message: `label: At most ${MAX_SAVED_ADDRESSES} addresses can be saved` },
  ])

const unknownCountry = () =>
  new HttpError(422, 'Choose a country', 'Choose a country from the list', [{ path: 'countryId', message: 'countryId: Choose a country from the list' }])

/**
 * Locks the client's row for the transaction (the address book's changes run one at a time per client);
 * false when there is none. 'no key update' leaves rows that only point at the client (an upload) free.
 */
async function lockClient(tx: Tx, clientId: number): Promise<boolean> {
  const [row] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('no key update')
  return Boolean(row)
}

async function labelTaken(tx: Tx, clientId: number, label: string, exceptId?: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: clientAddresses.id })
    .from(clientAddresses)
    .where(and(eq(clientAddresses.clientId, clientId), sql`lower(${clientAddresses.label}) = lower(${label})`))
  return Boolean(row && row.id !== exceptId)
}

async function countryKnown(tx: Tx, countryId: number): Promise<boolean> {
  const [row] = await tx.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId))
  return Boolean(row)
}

/**
 * Saves a new address inside the caller's transaction (the address book's own POST, or a mail request
 * that saves its address: then a refused request leaves nothing saved). Throws 404 for no such client,
 * 409 for a label in use, 422 for an unknown country or a full address book.
 */
export async function saveAddressIn(tx: Tx, clientId: number, fields: AddressFields, change: ChangeContext & { at: Date }): Promise<Address> {
  if (!(await lockClient(tx, clientId))) throw notFound('Client')
  if (!(await countryKnown(tx, fields.countryId))) throw unknownCountry()
  if (await labelTaken(tx, clientId, fields.label)) throw duplicate(fields.label)
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
    .from(clientAddresses)
    .where(eq(clientAddresses.clientId, clientId))
  if (count >= MAX_SAVED_ADDRESSES) throw tooMany()
  const [created] = await tx
    .insert(clientAddresses)
    .values({ clientId, ...fields, createdAt: change.at, updatedAt: change.at })
    .returning({ id: clientAddresses.id })
  await recordAudit(tx, {
    ...change,
    action: 'client.address.create',
    entity: 'client',
    entityId: String(clientId),
    // The label names the entry; the address itself stays in the address book.
    details: { addressId: created.id, label: fields.label },
  })
  const [row] = await selectAddresses(tx).where(eq(clientAddresses.id, created.id))
  return toWireAddress(row)
}

/** The label index refuses a duplicate that slipped past the check: the same 409. */
function asConflict(error: unknown, label: string): never {
  if (isUniqueViolation(error)) throw duplicate(label)
  throw error
}

/** POST /api/client/{id}/addresses. */
export async function createAddress(db: Db, clientId: number, fields: AddressFields, change: ChangeContext & { at: Date }): Promise<Address> {
  try {
    return await db.transaction((tx) => saveAddressIn(tx, clientId, fields, change))
  } catch (error) {
    asConflict(error, fields.label)
  }
}

/** PUT /api/client/{id}/addresses/{addressId}: replaces every field. 404 for another client's address. */
export async function updateAddress(
  db: Db,
  clientId: number,
  addressId: number,
  fields: AddressFields,
  change: ChangeContext & { at: Date },
): Promise<Address> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await lockClient(tx, clientId))) throw notFound('Client')
      const [before] = await tx
        .select()
        .from(clientAddresses)
        .where(and(eq(clientAddresses.id, addressId), eq(clientAddresses.clientId, clientId)))
      if (!before) throw notFound('Address')
      if (!(await countryKnown(tx, fields.countryId))) throw unknownCountry()
      if (await labelTaken(tx, clientId, fields.label, addressId)) throw duplicate(fields.label)
      const changed = (Object.keys(fields) as (keyof AddressFields)[]).filter((key) => before[key] !== fields[key])
      if (changed.length) {
        await tx
          .update(clientAddresses)
          .set({ ...fields, updatedAt: change.at })
          .where(eq(clientAddresses.id, addressId))
        await recordAudit(tx, {
          ...change,
          action: 'client.address.update',
          entity: 'client',
          entityId: String(clientId),
          // Which fields changed, not their values.
          details: { addressId, label: fields.label, changed },
        })
      }
      const [row] = await selectAddresses(tx).where(eq(clientAddresses.id, addressId))
      return toWireAddress(row)
    })
  } catch (error) {
    asConflict(error, fields.label)
  }
}

/**
 * DELETE /api/client/{id}/addresses/{addressId}. 404 for another client's address or one already gone;
 * 409 naming the mail rule that forwards to it (server/clients/mail-rules.ts).
 */
export async function deleteAddress(db: Db, clientId: number, addressId: number, change: ChangeContext & { at: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockClient(tx, clientId))) throw notFound('Client')
    // A forward rule mails to this address: the rule goes first (the client removes it, or points it elsewhere).
    const [rule] = await tx
      .select({ typeName: documentTypes.name, label: clientAddresses.label })
      .from(mailRules)
      .innerJoin(documentTypes, eq(documentTypes.id, mailRules.documentTypeId))
      .innerJoin(clientAddresses, eq(clientAddresses.id, mailRules.addressId))
      .where(and(eq(mailRules.addressId, addressId), eq(mailRules.clientId, clientId)))
      .orderBy(asc(documentTypes.name))
      .limit(1)
    if (rule) {
      throw conflict(
        'This address is used by a mail rule',
        `The mail rule “Forward ${rule.typeName} to ${rule.label}” mails to this address. Remove the rule first.`,
      )
    }
    const [removed] = await tx
      .delete(clientAddresses)
      .where(and(eq(clientAddresses.id, addressId), eq(clientAddresses.clientId, clientId)))
      .returning({ label: clientAddresses.label })
    if (!removed) throw notFound('Address')
    await recordAudit(tx, {
      ...change,
      action: 'client.address.delete',
      entity: 'client',
      entityId: String(clientId),
      details: { addressId, label: removed.label },
    })
  })
}
