import * as v from 'valibot'
import { REQUIRED_MESSAGE } from './common'

/**
 * Sign-in, session renewal and passwords: POST /api/auth/login, /refresh, /logout, /forgot-password,
 * /reset-password, /change-password and GET /api/auth/reset/{token}.
 */

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128
/** Sign-in accepts any stored password up to this length; longer input is refused before hashing. */
const SIGN_IN_PASSWORD_MAX = 1024

export { REQUIRED_MESSAGE }

/**
 * A new password: 8 to 128 characters, no composition rules (NIST SP 800-63B). The server also refuses
 * the most common passwords (contract/common-passwords.ts; the sign-up checks it as the person types).
 */
export const PasswordSchema = v.pipe(
  v.string(REQUIRED_MESSAGE),
  v.minLength(1, REQUIRED_MESSAGE),
  v.minLength(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`),
  v.maxLength(PASSWORD_MAX_LENGTH, `Password cannot exceed ${PASSWORD_MAX_LENGTH} characters`),
)

/** An e-mail address, trimmed and lower-cased (accounts are keyed by the lower-cased address). */
export const EmailSchema = v.pipe(
  v.string(REQUIRED_MESSAGE),
  v.trim(),
  v.minLength(1, REQUIRED_MESSAGE),
  v.maxLength(254, 'E-mail cannot exceed 254 characters'),
  v.email('Enter a valid e-mail address'),
  v.toLowerCase(),
)

export const LoginBodySchema = v.object({
  email: EmailSchema,
  password: v.pipe(v.string(REQUIRED_MESSAGE), v.minLength(1, REQUIRED_MESSAGE), v.maxLength(SIGN_IN_PASSWORD_MAX, 'Password is too long')),
  /** "Keep me signed in on this device": a persistent refresh cookie instead of a browser-session one. */
  remember: v.optional(v.boolean('remember must be true or false'), false),
})
export type LoginBody = v.InferInput<typeof LoginBodySchema>

/** The signed-in user, as returned with every new access token. */
export const SessionUserSchema = v.object({
  id: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  /** The role's name. */
  role: v.string(),
  clientId: v.nullable(v.number()),
  agentId: v.nullable(v.number()),
  roleId: v.number(),
  /** 'agent' or 'client'. */
  roleType: v.string(),
  companyName: v.nullable(v.string()),
})
export type SessionUser = v.InferOutput<typeof SessionUserSchema>

/** POST /api/auth/login and POST /api/auth/refresh: a new access token (a JWT) and its user. */
export const SessionResponseSchema = v.object({
  token: v.string(),
  user: SessionUserSchema,
  /**
   * Present (true) when the user is staff, a second factor is required of staff, and the user has none:
   * the app shows the set-up (Account Settings → Security) before anything else.
   */
  secondFactorSetupRequired: v.optional(v.literal(true)),
})
export type SessionResponse = v.InferOutput<typeof SessionResponseSchema>
export const LoginResponseSchema = SessionResponseSchema

/**
 * The claims of the access token, exactly these: the session claims plus `sid` (the session: ending it
 * ends every access token of it at once), `jti` (the token's own id: no two tokens are the same) and
 * `iat` (issued at, seconds).
 */
export const AccessTokenClaimsSchema = v.strictObject({
  id: v.number(),
  email: v.string(),
  clientId: v.nullable(v.number()),
  agentId: v.nullable(v.number()),
  role: v.string(),
  companyName: v.nullable(v.string()),
  firstName: v.string(),
  lastName: v.string(),
  roleType: v.string(),
  roleId: v.number(),
  sid: v.pipe(v.string(), v.uuid()),
  jti: v.pipe(v.string(), v.uuid()),
  exp: v.number(),
  iat: v.number(),
  iss: v.string(),
  aud: v.union([v.string(), v.array(v.string())]),
})
export type AccessTokenClaims = v.InferOutput<typeof AccessTokenClaimsSchema>

export const ForgotPasswordBodySchema = v.object({ email: EmailSchema })
export type ForgotPasswordBody = v.InferInput<typeof ForgotPasswordBodySchema>

/** The same answer (202) whether or not an account exists for the address. */
export const ForgotPasswordResponseSchema = v.object({ message: v.string() })
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that e-mail address, we have sent it a link to reset the password. The link is valid for 60 minutes.'

/** A reset token as it appears in the link: base64url. */
const ResetTokenSchema = v.pipe(
  v.string(REQUIRED_MESSAGE),
  v.minLength(1, REQUIRED_MESSAGE),
  v.maxLength(200, 'This reset link is invalid or has expired'),
  v.regex(/^[A-Za-z0-9_-]+$/, 'This reset link is invalid or has expired'),
)

export const ResetTokenParamsSchema = v.object({ token: ResetTokenSchema })

export const ResetPasswordBodySchema = v.object({
  token: ResetTokenSchema,
  password: PasswordSchema,
})
export type ResetPasswordBody = v.InferInput<typeof ResetPasswordBodySchema>

/** GET /api/auth/reset/{token}: the link is usable (an unusable one answers 400). */
export const ResetTokenStatusSchema = v.object({ valid: v.literal(true), email: v.string() })

export const ChangePasswordBodySchema = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string(REQUIRED_MESSAGE), v.minLength(1, REQUIRED_MESSAGE), v.maxLength(SIGN_IN_PASSWORD_MAX, 'Password is too long')),
    newPassword: PasswordSchema,
  }),
  v.forward(
    v.check((input) => input.currentPassword !== input.newPassword, 'The new password must be different from the current one'),
    ['newPassword'],
  ),
)
export type ChangePasswordBody = v.InferInput<typeof ChangePasswordBodySchema>

/** The answer of reset-password. */
export const PasswordChangedResponseSchema = v.object({ message: v.string() })

/**
 * The answer of change-password: every session of the account has ended, and this device goes on in a
 * new one (its refresh cookie is set with the answer).
 */
export const ChangePasswordResponseSchema = v.object({ message: v.string(), ...SessionResponseSchema.entries })
export type ChangePasswordResponse = v.InferOutput<typeof ChangePasswordResponseSchema>

export const INVALID_CREDENTIALS = 'Incorrect e-mail or password'
export const INVALID_RESET_LINK = 'This reset link is invalid or has expired'
