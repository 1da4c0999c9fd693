import { and, asc, eq, ne, sql } from 'drizzle-orm'
import { LAST_OWNER_MESSAGE, TEAM_ROLE_LABELS, type Company, type TeamMember, type TeamMemberInput, type TeamRole } from '../../contract/team'
import { recordAudit } from '../audit'
import { issuePasswordLink, NO_PASSWORD, voidPasswordLinks } from '../auth/password-links'
import { revokeUserSessions } from '../auth/session'
import type { AppDeps } from '../context'
import type { Db, Tx } from '../db/client'
import { isUniqueViolation } from '../db/pg-error'
import { CLIENT_ROLE } from '../db/reference'
import { clientMemberships, clients, roles, users } from '../db/schema'
import { HttpError, notFound } from '../http/errors'
import { auditContext, type WriteContext } from '../http/write-context'
import { composeMail } from '../mail/compose'
import { inviterName } from '../users/operations'

/**
 * Companies and teams. A login (one e-mail, one password, one set of passkeys) belongs to one or more
 * client companies through client_memberships, with a role in each; users.client_id is the person's
 * first company, the one a sign-in opens, and always one they belong to. A company always keeps an owner.
 */

/** The companies a person belongs to: their first company first, then by name. */
export async function listCompanies(db: Db, userId: number): Promise<Company[]> {
  return db
    .select({ clientId: clients.id, companyName: clients.companyName, role: sql<TeamRole>`${clientMemberships.role}` })
    .from(clientMemberships)
    .innerJoin(clients, eq(clients.id, clientMemberships.clientId))
    .innerJoin(users, eq(users.id, clientMemberships.userId))
    .where(eq(clientMemberships.userId, userId))
    .orderBy(sql`${clients.id} = ${users.clientId} desc`, asc(clients.companyName), asc(clients.id))
}

/** The person's role in a company, or undefined when they do not belong to it. */
export async function membershipOf(db: Db | Tx, userId: number, clientId: number): Promise<TeamRole | undefined> {
  const [row] = await db
    .select({ role: clientMemberships.role })
    .from(clientMemberships)
    .where(and(eq(clientMemberships.userId, userId), eq(clientMemberships.clientId, clientId)))
  return row?.role as TeamRole | undefined
}

const memberColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  role: sql<TeamRole>`${clientMemberships.role}`,
  status: sql<
    TeamMember['status']
  >`case when not ${users.active} then 'deactivated' when ${users.passwordHash} = ${NO_PASSWORD} then 'invited' else 'active' end`,
  addedAt: clientMemberships.createdAt,
}

/** A company's team, owners first, then by name; undefined when the company does not exist. */
export async function listTeam(db: Db | Tx, clientId: number): Promise<TeamMember[] | undefined> {
  const [client] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId))
  if (!client) return undefined
  const rows = await db
    .select(memberColumns)
    .from(clientMemberships)
    .innerJoin(users, eq(users.id, clientMemberships.userId))
    .where(eq(clientMemberships.clientId, clientId))
    .orderBy(sql`${clientMemberships.role} = 'owner' desc`, asc(users.lastName), asc(users.firstName), asc(users.id))
  return rows.map((row) => ({ ...row, addedAt: row.addedAt.toISOString() }))
}

async function findMember(db: Db | Tx, clientId: number, userId: number): Promise<TeamMember> {
  const [row] = await db
    .select(memberColumns)
    .from(clientMemberships)
    .innerJoin(users, eq(users.id, clientMemberships.userId))
    .where(and(eq(clientMemberships.clientId, clientId), eq(clientMemberships.userId, userId)))
  if (!row) throw notFound('Team member')
  return { ...row, addedAt: row.addedAt.toISOString() }
}

/** Locks the company's team for the rest of the transaction, so two changes cannot both remove its last owner. */
async function lockTeam(tx: Tx, clientId: number): Promise<{ companyName: string }> {
  const [client] = await tx.select({ companyName: clients.companyName }).from(clients).where(eq(clients.id, clientId)).for('update')
  if (!client) throw notFound('Client')
  return client
}

async function assertAnotherOwner(tx: Tx, clientId: number, userId: number) {
  const [other] = await tx
    .select({ userId: clientMemberships.userId })
    .from(clientMemberships)
    .where(and(eq(clientMemberships.clientId, clientId), eq(clientMemberships.role, 'owner'), ne(clientMemberships.userId, userId)))
    .limit(1)
  if (!other) throw new HttpError(409, LAST_OWNER_MESSAGE)
}

const alreadyMember = (email: string) =>
  new HttpError(409, 'This person is already in the team', `${email} is already in this company's team; change their role instead`, [
    { path: 'email', message: 'This person is already in the team' },
  ])

/**
 * Adds a person to a company's team. A new e-mail gets a login (no password yet) and an invitation with
 * a 7-day link to choose one; an e-mail that already signs in to another company gets this one added to
 * the same login and a notice. A staff login cannot join a client's team.
 */
export async function addTeamMember(deps: AppDeps, ctx: WriteContext, clientId: number, body: TeamMemberInput): Promise<TeamMember> {
  const { db } = deps
  let added: { member: TeamMember; companyName: string; link: { url: string; expiresAt: Date } | null }
  try {
    added = await db.transaction(async (tx) => {
      const { companyName } = await lockTeam(tx, clientId)
      const [existing] = await tx
        .select({ id: users.id, agentId: users.agentId, roleType: roles.roleType })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(eq(users.email, body.email))
      let userId: number
      let link: { url: string; expiresAt: Date } | null = null
      if (existing) {
        if (existing.agentId !== null || existing.roleType !== 'client')
          throw new HttpError(409, 'This e-mail belongs to a provider staff login', 'Use another address for this person', [
            { path: 'email', message: 'This e-mail belongs to a provider staff login' },
          ])
        if (await membershipOf(tx, existing.id, clientId)) throw alreadyMember(body.email)
        userId = existing.id
        // A person who had lost every company comes back with this one as their first.
        const [other] = await tx.select({ clientId: clientMemberships.clientId }).from(clientMemberships).where(eq(clientMemberships.userId, userId)).limit(1)
        if (!other) await tx.update(users).set({ clientId, active: true, updatedAt: ctx.now }).where(eq(users.id, userId))
      } else {
        const [row] = await tx
          .insert(users)
          .values({
            email: body.email,
            passwordHash: NO_PASSWORD,
            firstName: body.firstName,
            lastName: body.lastName,
            roleId: CLIENT_ROLE.id,
            clientId,
            invitedAt: ctx.now,
            passwordChangedAt: ctx.now,
            createdAt: ctx.now,
            updatedAt: ctx.now,
          })
          .returning({ id: users.id })
        userId = row.id
        link = await issuePasswordLink(tx, { userId, now: ctx.now, publicUrl: deps.env.PUBLIC_URL, invitation: true })
      }
      await tx.insert(clientMemberships).values({ userId, clientId, role: body.role, createdAt: ctx.now })
      const member = await findMember(tx, clientId, userId)
      await recordAudit(tx, {
        action: 'team.add',
        entity: 'client',
        entityId: clientId,
        ...auditContext(ctx),
        details: { userId, email: member.email, role: body.role, newLogin: link !== null },
      })
      return { member, companyName, link }
    })
  } catch (error) {
    // Two additions of one new e-mail at once: the second finds the login taken.
    if (isUniqueViolation(error)) throw alreadyMember(body.email)
    throw error
  }
  const { member, companyName, link } = added
  const publicUrl = deps.env.PUBLIC_URL.replace(/\/+$/, '')
  await deps.mailer.send(
    await composeMail(
      deps.env,
      'team-invitation',
      {
        name: member.firstName || member.email,
        inviter: await inviterName(db, ctx.caller.userId),
        companyName,
        role: TEAM_ROLE_LABELS[member.role],
        url: link ? link.url : `${publicUrl}/login`,
        newLogin: link !== null,
      },
      { to: member.email, ...(link ? { expiresAt: link.expiresAt } : {}) },
    ),
  )
  return member
}

/** Changes a team member's role; the company keeps at least one owner. */
export async function updateTeamMember(deps: AppDeps, ctx: WriteContext, clientId: number, userId: number, role: TeamRole): Promise<TeamMember> {
  return deps.db.transaction(async (tx) => {
    await lockTeam(tx, clientId)
    const before = await findMember(tx, clientId, userId)
    if (before.role === role) return before
    if (before.role === 'owner') await assertAnotherOwner(tx, clientId, userId)
    await tx
      .update(clientMemberships)
      .set({ role })
      .where(and(eq(clientMemberships.clientId, clientId), eq(clientMemberships.userId, userId)))
    await recordAudit(tx, {
      action: 'team.update',
      entity: 'client',
      entityId: clientId,
      ...auditContext(ctx),
      details: { userId, email: before.email },
      before: { role: before.role },
      after: { role },
    })
    return findMember(tx, clientId, userId)
  })
}

/**
 * Removes a person from a company's team: their tokens for it are refused from the next request. Their
 * first company moves to another they belong to; a person left with none can no longer sign in.
 */
export async function removeTeamMember(deps: AppDeps, ctx: WriteContext, clientId: number, userId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockTeam(tx, clientId)
    const before = await findMember(tx, clientId, userId)
    if (before.role === 'owner') await assertAnotherOwner(tx, clientId, userId)
    await tx.delete(clientMemberships).where(and(eq(clientMemberships.clientId, clientId), eq(clientMemberships.userId, userId)))
    const [person] = await tx.select({ clientId: users.clientId }).from(users).where(eq(users.id, userId))
    if (person?.clientId === clientId) {
      const [other] = await tx
        .select({ clientId: clientMemberships.clientId })
        .from(clientMemberships)
        .where(eq(clientMemberships.userId, userId))
        .orderBy(asc(clientMemberships.createdAt), asc(clientMemberships.clientId))
        .limit(1)
      if (other) {
        await tx.update(users).set({ clientId: other.clientId, updatedAt: ctx.now }).where(eq(users.id, userId))
      } else {
        await tx.update(users).set({ active: false, updatedAt: ctx.now }).where(eq(users.id, userId))
        await revokeUserSessions(tx, userId, ctx.now)
        await voidPasswordLinks(tx, userId, ctx.now)
      }
    }
    await recordAudit(tx, {
      action: 'team.remove',
      entity: 'client',
      entityId: clientId,
      ...auditContext(ctx),
      details: { userId, email: before.email },
      before: { role: before.role },
      after: null,
    })
  })
}
