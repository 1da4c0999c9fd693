import { Hono } from 'hono'
import type { SessionResponse } from '../../contract/auth'
import { IdParamsSchema } from '../../contract/common'
import { SwitchCompanyBodySchema, TeamMemberInputSchema, TeamMemberParamsSchema, TeamMemberUpdateSchema } from '../../contract/team'
import { access, isClient } from '../auth/policy'
import { findSessionUser, issueAccessToken, moveSessionToCompany, setAreaCookie, toSessionUser } from '../auth/session'
import { addTeamMember, listCompanies, listTeam, membershipOf, removeTeamMember, updateTeamMember } from '../clients/team'
import type { AppEnv } from '../context'
import { forbidden, notFound, unauthorized } from '../http/errors'
import { validate } from '../http/validate'
import { writeContext } from '../http/write-context'

/**
 * Companies and teams (contract/team.ts). A person lists the companies their login belongs to and moves
 * their session into another (a new access token; the refresh cookie's session follows). A company's
 * team is managed by its owners, and by staff who may edit client profiles (PCE); any staff member reads it.
 */
export const teamRoutes = new Hono<AppEnv>()
  .get('/auth/companies', access.signedIn(), async (c) => {
    const caller = c.get('caller')
    return c.json({ data: isClient(caller) ? await listCompanies(c.get('deps').db, caller.userId) : [] })
  })

  .post('/auth/switch-company', access.signedIn(), validate('json', SwitchCompanyBodySchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const { clientId } = c.req.valid('json')
    if (!isClient(caller)) throw forbidden('Staff work across every company: there is none to switch to')
    if (!(await membershipOf(deps.db, caller.userId, clientId))) throw forbidden('You do not belong to this company')
    await moveSessionToCompany(deps.db, caller.sessionId, clientId)
    const user = await findSessionUser(deps.db, { id: caller.userId }, clientId)
    if (!user || user.clientId !== clientId) throw unauthorized('Your session has ended')
    const sessionUser = toSessionUser(user)
    setAreaCookie(c, sessionUser)
    return c.json({ token: await issueAccessToken(deps, sessionUser, caller.sessionId), user: sessionUser } satisfies SessionResponse)
  })

  .get('/client/:id{[0-9]+}/team', access.ownClient('id', 'account'), validate('param', IdParamsSchema), async (c) => {
    const team = await listTeam(c.get('deps').db, c.req.valid('param').id)
    if (!team) throw notFound('Client')
    return c.json({ data: team })
  })

  .post(
    '/client/:id{[0-9]+}/team',
    access.ownClient('id', 'account', 'PCE'),
    validate('param', IdParamsSchema),
    validate('json', TeamMemberInputSchema),
    async (c) => {
      const member = await addTeamMember(c.get('deps'), writeContext(c), c.req.valid('param').id, c.req.valid('json'))
      return c.json(member, 201)
    },
  )

  .patch(
    '/client/:id{[0-9]+}/team/:userId{[0-9]+}',
    access.ownClient('id', 'account', 'PCE'),
    validate('param', TeamMemberParamsSchema),
    validate('json', TeamMemberUpdateSchema),
    async (c) => {
      const { id, userId } = c.req.valid('param')
      return c.json(await updateTeamMember(c.get('deps'), writeContext(c), id, userId, c.req.valid('json').role))
    },
  )

  .delete('/client/:id{[0-9]+}/team/:userId{[0-9]+}', access.ownClient('id', 'account', 'PCE'), validate('param', TeamMemberParamsSchema), async (c) => {
    const { id, userId } = c.req.valid('param')
    await removeTeamMember(c.get('deps'), writeContext(c), id, userId)
    return c.body(null, 204)
  })
