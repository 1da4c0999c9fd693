import * as v from 'valibot'
import { REQUIRED_MESSAGE } from './common'
import { SessionResponseSchema } from './auth'

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238): POST /api/auth/totp/setup, /enable,
 * /disable, /recovery-codes, GET /api/auth/second-factors, and the second step of a sign-in,
 * POST /api/auth/login/mfa (a code, or a passkey). A super admin resets another user's second factors
 * with DELETE /api/users/{id}/second-factors, and requires one of staff with PUT /api/settings/sign-in.
 */

/** Codes are six digits, a new one every 30 seconds. */
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
/** Recovery codes given when the app is turned on (or the codes renewed): each works once. */
export const RECOVERY_CODE_COUNT = 10

/**
 * What a person types in the code box: six digits from the app, or a recovery code (ten letters and
 * digits, shown as xxxxx-xxxxx). Spaces and dashes are ignored; letters are read in any case.
 */
export const SecondFactorCodeSchema = v.pipe(
  v.string(REQUIRED_MESSAGE),
  v.transform((s) => s.replace(/[\s-]/g, '').toLowerCase()),
  v.minLength(1, REQUIRED_MESSAGE),
  v.regex(/^(\d{6}|[a-z0-9]{10})$/, 'Enter the 6-digit code from your app, or a recovery code'),
)

/** A code from the app only (turning it on proves the app holds the secret). */
export const TotpCodeSchema = v.pipe(
  v.string(REQUIRED_MESSAGE),
  v.transform((s) => s.replace(/\s/g, '')),
  v.minLength(1, REQUIRED_MESSAGE),
  v.regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
)

/** POST /api/auth/totp/setup: a new secret, not yet in force, and its otpauth:// address (the QR code). */
export const TotpSetupResponseSchema = v.object({ secret: v.string(), otpauthUrl: v.string() })
export type TotpSetupResponse = v.InferOutput<typeof TotpSetupResponseSchema>

/** POST /api/auth/totp/enable: a current code of the new secret. */
export const TotpEnableBodySchema = v.object({ code: TotpCodeSchema })
export type TotpEnableBody = v.InferInput<typeof TotpEnableBodySchema>

/** The recovery codes, in the clear this once (as xxxxx-xxxxx); the server keeps only their hashes. */
export const RecoveryCodesResponseSchema = v.object({ recoveryCodes: v.array(v.string()) })
export type RecoveryCodesResponse = v.InferOutput<typeof RecoveryCodesResponseSchema>

/** POST /api/auth/totp/disable and /recovery-codes: a current code (or a recovery code) confirms it. */
export const SecondFactorCodeBodySchema = v.object({ code: SecondFactorCodeSchema })
export type SecondFactorCodeBody = v.InferInput<typeof SecondFactorCodeBodySchema>

/** A passkey as its owner sees it. */
export const PasskeySchema = v.object({
  id: v.number(),
  name: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
})
export type Passkey = v.InferOutput<typeof PasskeySchema>

const Base64Url = v.pipe(v.string(), v.maxLength(20_000), v.regex(/^[A-Za-z0-9_-]*$/, 'must be base64url'))

/** What the browser answers navigator.credentials.get() with, as JSON. */
export const AuthenticationResponseSchema = v.looseObject({
  id: Base64Url,
  rawId: Base64Url,
  type: v.literal('public-key'),
  response: v.looseObject({ clientDataJSON: Base64Url, authenticatorData: Base64Url, signature: Base64Url, userHandle: v.optional(Base64Url) }),
  clientExtensionResults: v.optional(v.looseObject({}), {}),
})

/** GET /api/auth/second-factors: the signed-in user's second factors. */
export const SecondFactorsSchema = v.object({
  totp: v.object({
    enabled: v.boolean(),
    /** ISO time it was turned on. */
    enabledAt: v.nullable(v.string()),
  }),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: v.number(),
  passkeys: v.array(PasskeySchema),
})
export type SecondFactors = v.InferOutput<typeof SecondFactorsSchema>

/** What a password sign-in's second step can be: a code of the app (or a recovery code), or a passkey. */
export const SECOND_STEP_METHODS = ['totp', 'passkey'] as const
export type SecondStepMethod = (typeof SECOND_STEP_METHODS)[number]

/** POST /api/auth/login when the account has a second factor: no session yet, only the next step's token. */
export const MfaRequiredResponseSchema = v.object({
  mfaRequired: v.literal(true),
  /** Short-lived (5 minutes), used once; proves the password step, for POST /api/auth/login/mfa. */
  mfaToken: v.string(),
  /** What the account can give as the second step ('totp' covers its recovery codes too). */
  methods: v.array(v.picklist(SECOND_STEP_METHODS)),
})
export type MfaRequiredResponse = v.InferOutput<typeof MfaRequiredResponseSchema>

/** Either a session, or the request for the second step. */
export const LoginAnswerSchema = v.union([SessionResponseSchema, MfaRequiredResponseSchema])
export type LoginAnswer = v.InferOutput<typeof LoginAnswerSchema>

const MfaTokenSchema = v.pipe(v.string(REQUIRED_MESSAGE), v.minLength(1, REQUIRED_MESSAGE), v.maxLength(2000, 'This sign-in has expired. Start again.'))

/** POST /api/auth/login/mfa/passkey-options: the token of the password step; answers WebAuthn options for one of the account's passkeys. */
export const MfaPasskeyOptionsBodySchema = v.object({ mfaToken: MfaTokenSchema })

/**
 * POST /api/auth/login/mfa: the token of the password step and either a code (of the app, or a recovery
 * code) or `passkey`, the browser's answer to /login/mfa/passkey-options; answers a session (SessionResponse).
 */
export const LoginMfaBodySchema = v.pipe(
  v.object({
    mfaToken: MfaTokenSchema,
    code: v.optional(SecondFactorCodeSchema),
    passkey: v.optional(AuthenticationResponseSchema),
  }),
  v.forward(
    v.check((body) => (body.code === undefined) !== (body.passkey === undefined), 'Enter the 6-digit code from your app, or a recovery code'),
    ['code'],
  ),
)
export type LoginMfaBody = v.InferInput<typeof LoginMfaBodySchema>

export const INVALID_SECOND_FACTOR_CODE = 'That code is incorrect or has already been used'
export const MFA_SIGN_IN_EXPIRED = 'This sign-in has expired. Enter your e-mail and password again.'
export const SECOND_STEP_PASSKEY_REFUSED = 'This passkey was not accepted. Use a passkey of this account, or a code from your app.'

/** Groups a recovery code for reading: abcde-12345. */
export const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`

export const PASSKEY_NAME_MAX = 60
export const PasskeyNameSchema = v.pipe(
  v.string(REQUIRED_MESSAGE),
  v.trim(),
  v.minLength(1, REQUIRED_MESSAGE),
  v.maxLength(PASSKEY_NAME_MAX, `A name cannot exceed ${PASSKEY_NAME_MAX} characters`),
)

/** What the browser answers navigator.credentials.create() with, as JSON (the WebAuthn library checks the rest). */
export const RegistrationResponseSchema = v.looseObject({
  id: Base64Url,
  rawId: Base64Url,
  type: v.literal('public-key'),
  response: v.looseObject({ clientDataJSON: Base64Url, attestationObject: Base64Url }),
  clientExtensionResults: v.optional(v.looseObject({}), {}),
})

/** POST /api/auth/passkeys: the browser's answer to the registration options, and a name. */
export const PasskeyRegisterBodySchema = v.object({ response: RegistrationResponseSchema, name: PasskeyNameSchema })
export type PasskeyRegisterBody = v.InferInput<typeof PasskeyRegisterBodySchema>

/** PATCH /api/auth/passkeys/{id}. */
export const PasskeyRenameBodySchema = v.object({ name: PasskeyNameSchema })

/** POST /api/auth/login/passkey: the browser's answer to the sign-in options. Answers a session. */
export const PasskeySignInBodySchema = v.object({
  response: AuthenticationResponseSchema,
  remember: v.optional(v.boolean('remember must be true or false'), false),
})
export type PasskeySignInBody = v.InferInput<typeof PasskeySignInBodySchema>

export const PASSKEY_NOT_RECOGNISED = 'This passkey was not recognised. Sign in with your password, or try another passkey.'

/**
 * GET and PUT /api/settings/sign-in (super admin): whether staff must have a second factor. While it is
 * on, a staff member without one gets `secondFactorSetupRequired: true` with the session, and the staff
 * API answers 403 (SECOND_FACTOR_SETUP_REQUIRED) until an app or a passkey is set up.
 */
export const SignInSettingsSchema = v.object({ staffSecondFactorRequired: v.boolean('staffSecondFactorRequired must be true or false') })
export type SignInSettings = v.InferOutput<typeof SignInSettingsSchema>

/** DELETE /api/users/{id}/second-factors: whether the user had any second factor to remove. */
export const SecondFactorResetResponseSchema = v.object({ reset: v.boolean() })
export type SecondFactorResetResponse = v.InferOutput<typeof SecondFactorResetResponseSchema>

export const SECOND_FACTOR_SETUP_REQUIRED =
  'Two-step sign-in is required for staff. Set up an authenticator app or a passkey in Account Settings → Security to continue.'

/**
 * WebAuthn options for navigator.credentials.create (POST /api/auth/passkeys/registration-options), in
 * their JSON form (PublicKeyCredentialCreationOptionsJSON); the browser's library reads them whole.
 */
export const PasskeyCreationOptionsSchema = v.looseObject({
  challenge: v.string(),
  rp: v.looseObject({ name: v.string(), id: v.optional(v.string()) }),
  user: v.looseObject({ id: v.string(), name: v.string(), displayName: v.string() }),
  pubKeyCredParams: v.array(v.looseObject({ type: v.string(), alg: v.number() })),
})

/** WebAuthn options for navigator.credentials.get (PublicKeyCredentialRequestOptionsJSON): a passkey sign-in or second step. */
export const PasskeyRequestOptionsSchema = v.looseObject({
  challenge: v.string(),
  rpId: v.optional(v.string()),
  allowCredentials: v.optional(v.array(v.looseObject({ id: v.string(), type: v.string() }))),
})

/** GET /api/auth/passkeys: the signed-in user's passkeys. */
export const PasskeyListSchema = v.array(PasskeySchema)
