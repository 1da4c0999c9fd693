import { Hono } from 'hono'
import { EmailAvailabilityBodySchema, type EmailAvailability } from '../../contract/signup'
import { access, identifyWhenSignedIn, isAgent } from '../auth/policy'
import { clientAddress } from '../auth/rate-limit'
import type { AppEnv } from '../context'
import { HttpError } from '../http/errors'
import { validate } from '../http/validate'
import { claimEmailCheck, loginKindOf } from '../registration/email-availability'

export const signupRoutes = new Hono<AppEnv>()
  // Personal Information asks before the order is paid whether the e-mail can open an account. Staff
  // (the add-client wizard, with their token) also hear whose login it is: a client's takes the company.
  .post('/signup/email-available', access.public(), identifyWhenSignedIn, validate('json', EmailAvailabilityBodySchema), async (c) => {
    const { db, clock } = c.get('deps')
    const claim = await claimEmailCheck(db, clock.now(), clientAddress(c))
    if (!claim.allowed) {
      c.header('Retry-After', String(claim.retryAfterSeconds))
      throw new HttpError(429, 'Too many attempts', 'Too many e-mail addresses were checked. Please try again in 15 minutes.')
    }
    const login = await loginKindOf(db, c.req.valid('json').email)
    const caller = c.get('caller') as AppEnv['Variables']['caller'] | undefined
    const body: EmailAvailability = caller && isAgent(caller) ? { available: !login, ...(login ? { login } : {}) } : { available: !login }
    return c.json(body)
  })
