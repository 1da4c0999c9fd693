import {
  ChangePasswordResponseSchema,
  ForgotPasswordResponseSchema,
  PasswordChangedResponseSchema,
  ResetTokenStatusSchema,
  SessionResponseSchema,
} from '../../../contract/auth'
import {
  LoginAnswerSchema,
  PasskeyCreationOptionsSchema,
  PasskeyListSchema,
  PasskeyRequestOptionsSchema,
  PasskeySchema,
  RecoveryCodesResponseSchema,
  SecondFactorResetResponseSchema,
  SecondFactorsSchema,
  SignInSettingsSchema,
  TotpSetupResponseSchema,
} from '../../../contract/second-factor'
import { EmailAvailabilitySchema } from '../../../contract/signup'
import { CompaniesResponseSchema } from '../../../contract/team'
import { describeRoutes } from '../describe'

const SESSION_COOKIES = { 'Set-Cookie': 'The refresh cookie (HttpOnly; persistent only with remember) and the area cookie' }

/** Signing in and out, passwords, second factors and passkeys. */
export const authDocs = describeRoutes('Sign-in', {
  'POST /api/auth/login': {
    summary: 'Signs in with e-mail and password',
    description:
      'Answers an access token and the user, and sets the refresh cookie. An account with a second factor gets `{ mfaRequired, mfaToken, methods }` instead, for POST /api/auth/login/mfa.',
    bodyExample: { email: 'client@example.com', password: 'correct horse battery staple', remember: false },
    answers: {
      200: {
        schema: LoginAnswerSchema,
        headers: SESSION_COOKIES,
        example: {
          token: 'eyJhbGciOiJIUzI1NiJ9…',
          user: {
            id: 3,
            firstName: 'Ada',
            lastName: 'Client',
            email: 'client@example.com',
            role: 'Client',
            clientId: 1,
            agentId: null,
            roleId: 2,
            roleType: 'client',
            companyName: 'Sunshine Holdings LLC',
          },
        },
      },
    },
    errors: {
      401: 'The e-mail or the password is wrong',
      403: 'The account has been deactivated',
      429: 'Too many attempts for this account or from this address',
    },
  },
  'POST /api/auth/refresh': {
    summary: 'A new access token from the refresh cookie, which is rotated',
    description: 'A refresh cookie used twice ends its whole session. Sent from the portal’s own pages only (same origin).',
    refreshCookie: true,
    answers: { 200: { schema: SessionResponseSchema, headers: SESSION_COOKIES } },
    errors: { 401: 'No session to renew, or the session has ended', 403: 'Not sent from the portal’s own origin' },
  },
  'POST /api/auth/logout': {
    summary: 'Signs out: ends the session of the refresh cookie and of the access token, and clears the cookies',
    description: 'Works with an expired or missing access token too, so a device can always end its session.',
    refreshCookie: true,
    optionalBearer: true,
    answers: { 204: { empty: 'Signed out', headers: { 'Set-Cookie': 'The cleared cookies' } } },
    errors: { 403: 'Not sent from the portal’s own origin' },
  },
  'POST /api/auth/forgot-password': {
    summary: 'Asks for a password link by e-mail (always the same answer)',
    answers: { 202: ForgotPasswordResponseSchema },
  },
  'GET /api/auth/reset/{token}': {
    summary: 'Whether a password link still works',
    answers: { 200: ResetTokenStatusSchema },
    errors: { 400: 'The link is not valid, has expired or was used' },
  },
  'POST /api/auth/reset-password': {
    summary: 'Sets a new password with a password link (ends every session of the account)',
    answers: { 200: PasswordChangedResponseSchema },
    errors: { 400: 'The link is not valid, has expired or was used', 422: 'The password is too common or too weak' },
  },
  'POST /api/auth/change-password': {
    summary: 'Changes the signed-in user’s password; this device goes on in a new session',
    refreshCookie: true,
    answers: { 200: { schema: ChangePasswordResponseSchema, headers: SESSION_COOKIES } },
    errors: { 422: 'The current password is wrong, or the new one is too common or too weak' },
  },
  'GET /api/auth/second-factors': { summary: 'The signed-in user’s second factors', answers: { 200: SecondFactorsSchema } },
  'POST /api/auth/totp/setup': { summary: 'Starts setting up an authenticator app (a new secret)', answers: { 200: TotpSetupResponseSchema } },
  'POST /api/auth/totp/enable': {
    summary: 'Turns the authenticator app on with its first code; answers the recovery codes',
    answers: { 200: RecoveryCodesResponseSchema },
    errors: { 409: 'No set-up is under way, or the app is on already', 422: 'The code is wrong' },
  },
  'POST /api/auth/totp/disable': {
    summary: 'Turns the authenticator app off (with a code)',
    answers: { 204: { empty: 'Turned off' } },
    errors: { 409: 'The app is not on', 422: 'The code is wrong' },
  },
  'POST /api/auth/totp/recovery-codes': {
    summary: 'New recovery codes (the old ones stop working)',
    answers: { 200: RecoveryCodesResponseSchema },
    errors: { 409: 'The app is not on', 422: 'The code is wrong' },
  },
  'POST /api/auth/login/mfa/passkey-options': {
    summary: 'WebAuthn options for a sign-in’s second step with a passkey',
    answers: { 200: PasskeyRequestOptionsSchema },
    errors: { 401: 'The sign-in has expired', 409: 'The account has no passkey' },
  },
  'POST /api/auth/login/mfa': {
    summary: 'A sign-in’s second step: a code of the app, a recovery code, or a passkey',
    answers: { 200: { schema: SessionResponseSchema, headers: SESSION_COOKIES } },
    errors: { 401: 'The code or passkey was refused, or the sign-in has expired', 403: 'The account has been deactivated', 429: 'Too many attempts' },
  },
  'GET /api/settings/sign-in': {
    summary: 'The portal’s sign-in settings (super admin)',
    answers: { 200: SignInSettingsSchema },
    errors: { 403: 'Not a super admin' },
  },
  'PUT /api/settings/sign-in': {
    summary: 'Changes the portal’s sign-in settings (super admin)',
    answers: { 200: SignInSettingsSchema },
    errors: { 403: 'Not a super admin', 422: 'The change would lock the caller out' },
  },
  'DELETE /api/users/{id}/second-factors': {
    summary: 'A super admin removes another user’s second factors',
    answers: { 200: SecondFactorResetResponseSchema },
    errors: { 403: 'Not a super admin', 422: 'The caller’s own account' },
  },
  'POST /api/auth/passkeys/registration-options': { summary: 'WebAuthn options for adding a passkey', answers: { 200: PasskeyCreationOptionsSchema } },
  'POST /api/auth/passkeys': {
    summary: 'Adds a passkey (the browser’s answer to the registration options)',
    answers: { 201: PasskeySchema },
    errors: { 422: 'The passkey could not be verified' },
  },
  'GET /api/auth/passkeys': { summary: 'The signed-in user’s passkeys', answers: { 200: PasskeyListSchema } },
  'PATCH /api/auth/passkeys/{id}': { summary: 'Renames a passkey', answers: { 200: PasskeySchema } },
  'DELETE /api/auth/passkeys/{id}': { summary: 'Removes a passkey', answers: { 204: { empty: 'Removed' } } },
  'POST /api/auth/passkey/options': { summary: 'WebAuthn options for signing in with a passkey', answers: { 200: PasskeyRequestOptionsSchema } },
  'POST /api/auth/login/passkey': {
    summary: 'Signs in with a passkey',
    answers: { 200: { schema: SessionResponseSchema, headers: SESSION_COOKIES } },
    errors: { 401: 'The passkey is not recognised', 403: 'The account has been deactivated' },
  },
  'POST /api/signup/email-available': {
    summary: 'Whether an e-mail address can still sign up',
    description: 'Public. With a staff bearer token the answer also says whose login holds a taken e-mail (login: client or staff).',
    optionalBearer: true,
    answers: { 200: EmailAvailabilitySchema },
    errors: { 401: 'A bearer token was sent and is not valid', 429: 'Too many addresses were checked from this address' },
  },
  'GET /api/auth/companies': {
    summary: 'The companies the signed-in person belongs to, with their role in each (none for staff)',
    answers: { 200: CompaniesResponseSchema },
  },
  'POST /api/auth/switch-company': {
    summary: 'Moves the session into another company of the signed-in person: a new access token for it',
    description:
      'The refresh cookie’s session follows, so a renewal stays in the chosen company. The token’s `clientId` and the user’s are the company chosen.',
    answers: { 200: { schema: SessionResponseSchema, headers: { 'Set-Cookie': 'The area cookie' } } },
    errors: { 403: 'The person does not belong to this company, or is staff' },
  },
})
