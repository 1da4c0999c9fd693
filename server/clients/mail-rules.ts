import { and, asc, eq, sql } from 'drizzle-orm'
import { MAX_MAIL_RULES, type MailRule, type MailRuleAction } from '../../contract/mail-rules'
import { recordAudit } from '../audit'
import type { AppDeps } from '../context'
import type { Db, Tx } from '../db/client'
import { isUniqueViolation } from '../db/pg-error'
import { SERVICE_OF_PROCESS } from '../db/reference'
import { clientAddresses, clients, documentTypes, mailActions, mailRules, shippingOptions } from '../db/schema'
import { mailOriginalsIn } from '../documents/requests'
import { displayDay } from '../documents/retention'
import { conflict, HttpError, notFound } from '../http/errors'
import { notifyAgents, notifyClient } from '../notifications'
import type { ChangeContext } from './queries'

/**
 * A client's automatic mail rules (contract/mail-rules.ts): at most one per document type, applied by
 * applyMailRulesIn as the mailroom uploads a scan. A forward rule names one of the client's saved
 * addresses (which then cannot be deleted while the rule stands: deleteAddress answers 409 naming it);
 * a shred rule has the mailroom shred the paper original, the scan kept. Every change locks the client's
 * row first (as the address book does) and writes its audit row in the same transaction.
 */

const ruleColumns = {
  id: mailRules.id,
  clientId: mailRules.clientId,
  action: mailRules.action,
  documentTypeId: mailRules.documentTypeId,
  documentTypeName: documentTypes.name,
  addressId: mailRules.addressId,
  addressLabel: clientAddresses.label,
  shippingOptionId: mailRules.shippingOptionId,
  shippingCarrier: shippingOptions.carrier,
  shippingSpeed: shippingOptions.speed,
  createdAt: mailRules.createdAt,
}

function selectRules(db: Db | Tx) {
  return db
    .select(ruleColumns)
    .from(mailRules)
    .innerJoin(documentTypes, eq(documentTypes.id, mailRules.documentTypeId))
    .leftJoin(clientAddresses, eq(clientAddresses.id, mailRules.addressId))
    .leftJoin(shippingOptions, eq(shippingOptions.id, mailRules.shippingOptionId))
}

type RuleRow = Awaited<ReturnType<ReturnType<typeof selectRules>['where']>>[number]

function toMailRule(row: RuleRow): MailRule {
  return {
    id: row.id,
    clientId: row.clientId,
    action: row.action === 'shred' ? 'shred' : 'forward',
    documentTypeId: row.documentTypeId,
    documentTypeName: row.documentTypeName,
    addressId: row.addressId,
    addressLabel: row.addressLabel ?? null,
    shippingOptionId: row.shippingOptionId,
    shippingOptionName: row.shippingCarrier ? `${row.shippingCarrier} ${row.shippingSpeed ?? ''}`.trim() : null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** "Forward Tax Notice to Office", "Shred the paper of Bank Statement": how a rule is named in answers and notices. */
export function ruleName(rule: { action: string; documentTypeName: string; addressLabel?: string | null }): string {
  return rule.action === 'shred'
    ? `Shred the paper of ${rule.documentTypeName} after scanning`
    : `Forward ${rule.documentTypeName} to ${rule.addressLabel ?? 'a saved address'}`
}

/** The client's rules, by document type name; undefined when there is no such client. */
export async function listMailRules(db: Db, clientId: number): Promise<MailRule[] | undefined> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId))
  if (!client) return undefined
  const rows = await selectRules(db).where(eq(mailRules.clientId, clientId)).orderBy(asc(documentTypes.name), asc(mailRules.id))
  return rows.map(toMailRule)
}

async function lockClient(tx: Tx, clientId: number): Promise<boolean> {
  const [row] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('no key update')
  return Boolean(row)
}

const invalid = (path: string, detail: string, details: string) => new HttpError(422, detail, details, [{ path, message: `${path}: ${details}` }])

export interface MailRuleFields {
  action: MailRuleAction
  documentTypeId: number
  addressId?: number
  shippingOptionId?: number | null
}

/**
 * POST /api/client/{id}/mail-rules. 404 for no such client or an address that is not the client's own;
 * 422 for an unknown type, service of process, a forward without an address, a shred with one, a
 * shipping option not offered, or too many rules; 409 when the type has a rule already.
 */
export async function createMailRule(db: Db, clientId: number, fields: MailRuleFields, change: ChangeContext & { at: Date }): Promise<MailRule> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await lockClient(tx, clientId))) throw notFound('Client')
      const [type] = await tx.select().from(documentTypes).where(eq(documentTypes.id, fields.documentTypeId))
      if (!type) throw invalid('documentTypeId', 'Unknown document type', 'Choose a document type from the list')
      if (type.name === SERVICE_OF_PROCESS) {
        throw invalid(
          'documentTypeId',
          'Service of process takes no rule',
          'Service of process is always opened and scanned and its original is never shredded or forwarded automatically',
        )
      }
      let addressLabel: string | null = null
      if (fields.action === 'forward') {
        if (fields.addressId === undefined) throw invalid('addressId', 'Choose an address', 'Choose the saved address to forward the originals to')
        const [address] = await tx
          .select({ label: clientAddresses.label })
          .from(clientAddresses)
          .where(and(eq(clientAddresses.id, fields.addressId), eq(clientAddresses.clientId, clientId)))
        if (!address) throw notFound('Address')
        addressLabel = address.label
        if (fields.shippingOptionId != null) {
          const [option] = await tx.select({ active: shippingOptions.active }).from(shippingOptions).where(eq(shippingOptions.id, fields.shippingOptionId))
          if (!option?.active) {
            throw invalid(
              'shippingOptionId',
              'This shipping option is not available',
              'Choose one of the carriers and speeds offered (GET /api/shipping-options)',
            )
          }
        }
      } else if (fields.addressId !== undefined || fields.shippingOptionId != null) {
        throw invalid(
          fields.addressId !== undefined ? 'addressId' : 'shippingOptionId',
          'A shred rule mails nothing',
          'A shred rule takes no address or shipping option',
        )
      }
      const [existing] = await tx
        .select({ action: mailRules.action })
        .from(mailRules)
        .where(and(eq(mailRules.clientId, clientId), eq(mailRules.documentTypeId, type.id)))
      if (existing) throw duplicate(type.name)
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
        .from(mailRules)
        .where(eq(mailRules.clientId, clientId))
      if (count >= MAX_MAIL_RULES)
        throw invalid('documentTypeId', 'Too many rules', `At most ${MAX_MAIL_RULES} rules can be kept. Remove one you no longer use.`)
      const [created] = await tx
        .insert(mailRules)
        .values({
          clientId,
          action: fields.action,
          documentTypeId: type.id,
          addressId: fields.action === 'forward' ? fields.addressId : null,
          shippingOptionId: fields.action === 'forward' ? (fields.shippingOptionId ?? null) : null,
          createdAt: change.at,
        })
        .returning({ id: mailRules.id })
      await recordAudit(tx, {
        ...change,
        action: 'client.mail-rule.create',
        entity: 'client',
        entityId: String(clientId),
        details: { ruleId: created.id, action: fields.action, documentTypeId: type.id, addressId: fields.addressId ?? null, addressLabel },
      })
      const [row] = await selectRules(tx).where(eq(mailRules.id, created.id))
      return toMailRule(row)
    })
  } catch (error) {
    // Two saves at once for the same type: the unique index stops the second.
    if (isUniqueViolation(error)) throw conflict('This document type has a rule already', 'This document type has a rule already. Remove it to set another.')
    throw error
  }
}

const duplicate = (typeName: string) => conflict('This document type has a rule already', `${typeName} has a rule already. Remove it to set another.`)

/** DELETE /api/client/{id}/mail-rules/{ruleId}. 404 for another client's rule or one already gone. */
export async function deleteMailRule(db: Db, clientId: number, ruleId: number, change: ChangeContext & { at: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockClient(tx, clientId))) throw notFound('Client')
    const [removed] = await tx
      .delete(mailRules)
      .where(and(eq(mailRules.id, ruleId), eq(mailRules.clientId, clientId)))
      .returning({ action: mailRules.action, documentTypeId: mailRules.documentTypeId, addressId: mailRules.addressId })
    if (!removed) throw notFound('Mail rule')
    await recordAudit(tx, {
      ...change,
      action: 'client.mail-rule.delete',
      entity: 'client',
      entityId: String(clientId),
      details: { ruleId, ...removed },
    })
  })
}

/** The documents of one upload, as the rules need them. */
export interface UploadedMail {
  client: { id: number; companyName: string }
  documentIds: number[]
  documentTypeId: number
  typeName: string
  dateReceived: string
  kind: 'document' | 'envelope'
}

/**
 * Applies the client's rule for the type, if any, to the documents just uploaded, inside the upload's
 * transaction (a crash leaves neither half). Only scans: an envelope is the client's to decide. A
 * forward rule makes one mail request per document in one shipment (mailOriginalsIn, as the client's own
 * request: its invoice, the staff's notice); a shred rule opens the mailroom's shred of the paper
 * original (a mail action 'shred' marked original only; the scan stays). The rule's writes run in a
 * savepoint: one that cannot apply (no shipping option offered, the address gone) is undone alone, the
 * upload goes on, and the client is told. Answers the rule's outcome, or undefined with no rule.
 */
export async function applyMailRulesIn(tx: Tx, deps: Pick<AppDeps, 'logger'>, mail: UploadedMail, now: Date): Promise<'applied' | 'skipped' | undefined> {
  if (mail.kind !== 'document' || !mail.documentIds.length || mail.typeName === SERVICE_OF_PROCESS) return undefined
  const [rule] = await selectRules(tx).where(and(eq(mailRules.clientId, mail.client.id), eq(mailRules.documentTypeId, mail.documentTypeId)))
  if (!rule) return undefined
  const name = ruleName(rule)
  const what = `${mail.typeName} received ${displayDay(mail.dateReceived)}`
  const link = { documentId: mail.documentIds[0], kind: 'mail-request' as const }
  try {
    await tx.transaction(async (sp) => {
      if (rule.action === 'forward') {
        const [address] = await sp.select().from(clientAddresses).where(eq(clientAddresses.id, rule.addressId!))
        const created = await mailOriginalsIn(sp, now, {
          clientId: mail.client.id,
          companyName: mail.client.companyName,
          documentIds: [...mail.documentIds].sort((a, b) => a - b),
          mailing: {
            recipientName: address.recipientName,
            address: address.address,
            city: address.city,
            stateProvince: address.stateProvince,
            zipcode: address.zipcode,
            countryId: address.countryId,
          },
          shippingOptionId: rule.shippingOptionId ?? undefined,
          requestedBy: null,
          byRule: true,
        })
        await notifyClient(
          sp,
          mail.client.id,
          `Your mail rule “${name}” asked for the original of ${what} to be mailed to ${address.label}`,
          { documentRequestId: created[0].id, documentId: created[0].documentId, kind: 'mail-request' },
          now,
        )
      } else {
        await sp.insert(mailActions).values(
          mail.documentIds.map((documentId) => ({
            documentId,
            clientId: mail.client.id,
            action: 'shred',
            status: 'open',
            originalOnly: true,
            requestedBy: null,
            requestedAt: now,
          })),
        )
        await notifyAgents(
          sp,
          `${mail.client.companyName}’s mail rule: shred the paper original of ${what} (the scan is kept)`,
          { documentId: mail.documentIds[0] },
          now,
        )
        await notifyClient(sp, mail.client.id, `Your mail rule “${name}”: the paper original of ${what} will be shredded; the scan is kept`, link, now)
      }
      await recordAudit(sp, {
        at: now,
        action: 'client.mail-rule.apply',
        entity: 'client',
        entityId: String(mail.client.id),
        details: { ruleId: rule.id, action: rule.action, documentIds: mail.documentIds },
      })
    })
    return 'applied'
  } catch (error) {
    const reason = error instanceof HttpError ? error.details : 'it could not be applied'
    if (!(error instanceof HttpError)) deps.logger.error('a mail rule could not be applied', { ruleId: rule.id, error: String(error) })
    await notifyClient(
      tx,
      mail.client.id,
      `Your mail rule “${name}” was not applied to ${what}: ${reason.replace(/\.$/, '')}. ${rule.action === 'forward' ? 'You can request the original by mail yourself.' : 'You can ask for it to be shredded yourself.'}`,
      link,
      now,
    )
    return 'skipped'
  }
}
