import * as v from 'valibot'

/**
 * The server's configuration, read and validated once at start-up. Nothing else reads process.env.
 * A bad value stops the server with one clear line (see loadEnv).
 */
const bool = (fallback: boolean) =>
  v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0', 'yes', 'no']), fallback ? 'true' : 'false'),
    v.transform((s) => s === 'true' || s === '1' || s === 'yes'),
  )

const int = (fallback: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.transform(Number),
    v.integer('must be a whole number'),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  )

const optionalString = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)))

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  PORT: int(8080, 0, 65535),
  HOST: v.optional(v.string(), '0.0.0.0'),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), './data'),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres://'))),
  /** Connections each server keeps open to PostgreSQL (DATABASE_URL only). */
  DATABASE_POOL_SIZE: int(20, 1, 500),
  /** How long the lists' answers may be cached when no change is announced; 0 caches none. */
  ANSWER_CACHE_SECONDS: int(30, 0, 3_600),
  SEED_DEMO: bool(true),
  /** The address e-mailed links use; unset, http://localhost and the server's own PORT. */
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url('must be a URL such as https://portal.example.com'))),
  /** HMAC secret for access tokens, at least 32 characters. Generated per data dir when absent. */
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  /**
   * Encrypts the authenticator apps' secrets in the database (AES-256-GCM, server/auth/secret-box.ts), at
   * least 32 characters. Generated per data dir when absent. Changing it makes every app set up so far
   * stop working (their users set the app up again, or sign in with a recovery code or a passkey).
   */
  TOTP_ENCRYPTION_KEY: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  JWT_ISSUER: v.optional(v.string(), 'registered-agent-portal'),
  JWT_AUDIENCE: v.optional(v.string(), 'registered-agent-portal-web'),
  ACCESS_TOKEN_TTL_SECONDS: int(900, 60, 86_400),
  REFRESH_TOKEN_TTL_DAYS: int(30, 1, 365),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.string(), 'Registered Agent Portal <no-reply@localhost>'),
  /**
   * Without SMTP: also write each message as a JSON file in this directory (a pickup directory), so a
   * developer or an end-to-end test can open the links it carries. Unset in production.
   */
  MAIL_FILE_DIR: optionalString,
  /** The provider's name as e-mails show it (their heading and signature). */
  PROVIDER_NAME: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), 'Registered Agent Services'),
  SUPPORT_PHONE: v.optional(v.string(), '+1 (305) 555-0100'),
  SUPPORT_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'support@example.com'),
  /** The provider's address: in the footer and on invoices, and every client's registered-agent address. */
  COMPANY_LOCATION: v.optional(v.string(), '100 Biscayne Blvd, Miami, FL 33132'),
  FAQS_URL: v.optional(v.pipe(v.string(), v.url()), 'https://example.com/faqs'),
  AFFINIPAY_PUBLIC_KEY: optionalString,
  AFFINIPAY_SECRET_KEY: optionalString,
  AFFINIPAY_ACCOUNT_ID: optionalString,
  AFFINIPAY_API_URL: v.optional(v.pipe(v.string(), v.url()), 'https://api.affinipay.com'),
  AFFINIPAY_HOSTED_FIELDS_URL: v.optional(v.pipe(v.string(), v.url()), 'https://cdn.affinipay.com/hostedfields/1.5.3/fieldGen_1.5.3.js'),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: v.optional(v.string(), 'mailto:support@example.com'),
  /**
   * Extra push service hosts (comma-separated host:port) besides the known ones (FCM, Mozilla, Apple,
   * Windows): how tests point a subscription at a local receiver.
   */
  PUSH_ALLOWED_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
      v.check((hosts) => hosts.every((h) => /^[a-z0-9.-]+:\d{1,5}$|^\[[0-9a-f:]+\]:\d{1,5}$/.test(h)), 'must be a comma-separated list of host:port'),
    ),
    '',
  ),
  /** Document files in this S3-compatible bucket instead of DATA_DIR/blobs (several servers share it). */
  S3_BUCKET: optionalString,
  /** The store's URL when it is not AWS (MinIO, Ceph, R2...). */
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.regex(/^https?:\/\/[^/\s]+/, 'must be a URL such as https://s3.example.com'))),
  S3_REGION: v.optional(v.pipe(v.string(), v.minLength(1)), 'us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Bucket in the path (http://host/bucket/key) rather than in the host name: most self-hosted stores. */
  S3_FORCE_PATH_STYLE: bool(false),
  UPLOAD_MAX_BYTES: int(25 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
  LOG_LEVEL: v.optional(v.picklist(['debug', 'info', 'warn', 'error', 'silent']), 'info'),
  /** Trust X-Forwarded-For for the client address (only behind a proxy that sets it). */
  TRUST_PROXY: bool(false),
})

export type Env = Omit<v.InferOutput<typeof EnvSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string }

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const input: Record<string, string> = {}
  for (const [key, value] of Object.entries(source)) if (value !== undefined && value !== '') input[key] = value
  const result = v.safeParse(EnvSchema, input)
  if (!result.success) {
    const issue = result.issues[0]
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? 'configuration'
    throw new ConfigError(`Invalid configuration: ${key} ${issue.message}`)
  }
  const env: Env = { ...result.output, PUBLIC_URL: result.output.PUBLIC_URL ?? `http://localhost:${result.output.PORT}` }
  const affinipay = [env.AFFINIPAY_PUBLIC_KEY, env.AFFINIPAY_SECRET_KEY, env.AFFINIPAY_ACCOUNT_ID]
  if (affinipay.some(Boolean) && !affinipay.every(Boolean)) {
    throw new ConfigError('Invalid configuration: AFFINIPAY_PUBLIC_KEY, AFFINIPAY_SECRET_KEY and AFFINIPAY_ACCOUNT_ID must be set together')
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together')
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together')
  }
  if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
    throw new ConfigError('Invalid configuration: S3_BUCKET must be set to keep document files in an S3-compatible store')
  }
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET && env.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: JWT_SECRET must be set when several servers share DATABASE_URL in production')
  }
  if (env.NODE_ENV === 'production' && !env.TOTP_ENCRYPTION_KEY && env.DATABASE_URL) {
    throw new ConfigError('Invalid configuration: TOTP_ENCRYPTION_KEY must be set when several servers share DATABASE_URL in production')
  }
  return env
}

/** Reads process.env once; on a bad value prints one line and exits. */
export function loadEnv(): Env {
  try {
    return parseEnv(process.env)
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
}
