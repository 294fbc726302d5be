import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as v from 'valibot'
import type { DataKeys } from './auth/data-keys'
import {
  DEFAULT_ACCESS_TOKEN_TTL_SEC,
  DEFAULT_AUTH_CACHE_TTL_MS,
  DEFAULT_REFRESH_REUSE_GRACE_SEC,
  DEFAULT_REFRESH_TOKEN_TTL_SEC,
  DEFAULT_SESSION_MAX_AGE_SEC,
  DEFAULT_SIGNIN_THROTTLE_ACCOUNT_DAY_MAX,
  DEFAULT_SIGNIN_THROTTLE_ACCOUNT_MAX,
  DEFAULT_SIGNIN_THROTTLE_IP_MAX,
  DEFAULT_SIGNIN_THROTTLE_PAIR_MAX,
  DEFAULT_SIGNIN_THROTTLE_WINDOW_SEC,
  DEFAULT_SECOND_FACTOR_GUESSES_MAX,
  DEFAULT_SECOND_FACTOR_SESSIONS_MAX,
  DEFAULT_SECOND_FACTOR_WINDOW_SEC,
  DEFAULT_RESET_CODES_PER_CONTACT_MAX,
  DEFAULT_RESET_GUESSES_PER_CONTACT_MAX,
  DEFAULT_RESET_CODES_PER_IP_MAX,
  DEFAULT_RESET_CAP_WINDOW_SEC,
  DEFAULT_REGISTRATION_CAP_WINDOW_SEC,
  DEFAULT_REGISTRATION_CODES_PER_CONTACT_MAX,
} from './constants'

/** The data directory value that keeps the embedded database in memory (tests). */
export const IN_MEMORY_DATA_DIR = 'memory://'

const MIN_SECRET_LENGTH = 32

/** An environment value that must be a whole number in a range, with a default when it is absent or empty. */
function integerVar(defaultValue: number, min: number, max: number) {
  return v.pipe(
    v.optional(v.string(), String(defaultValue)),
    v.transform((value) => (value.trim() === '' ? String(defaultValue) : value.trim())),
    v.regex(/^\d+$/, 'must be a whole number'),
    v.transform(Number),
    v.minValue(min, `must be at least ${min}`),
    v.maxValue(max, `must be at most ${max}`),
  )
}

/**
 * Accepts exactly an origin (scheme, host, optional port) and nothing more: no path, query, trailing slash,
 * upper case or wildcard (`https://*.example.com` parses as a URL, but trusting it would trust any host).
 */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value && !value.includes('*')
    )
  } catch {
    return false
  }
}

const originSchema = v.pipe(
  v.string(),
  v.check(isOrigin, 'must be an origin such as https://example.com (no path, no trailing slash)'),
)

/** An optional secret of at least MIN_SECRET_LENGTH characters; blank counts as missing. */
function secretVar() {
  return v.pipe(
    v.optional(v.string()),
    v.transform(emptyToUndefined),
    v.optional(
      v.pipe(v.string(), v.minLength(MIN_SECRET_LENGTH, `must be at least ${MIN_SECRET_LENGTH} characters`)),
    ),
  )
}

const emptyToUndefined = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim()

const envSchema = v.object({
  NODE_ENV: v.pipe(
    v.optional(v.string(), 'development'),
    v.transform((value) => value || 'development'),
    v.picklist(['development', 'test', 'production'], 'must be development, test or production'),
  ),
  PORT: integerVar(8080, 0, 65535),
  HOST: v.pipe(
    v.optional(v.string(), '0.0.0.0'),
    v.transform((value) => value.trim() || '0.0.0.0'),
  ),
  DATABASE_URL: v.pipe(
    v.optional(v.string()),
    v.transform(emptyToUndefined),
    v.optional(
      v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')),
    ),
  ),
  /** Connections the server keeps to PostgreSQL at most (per process). */
  DATABASE_POOL_SIZE: integerVar(10, 1, 1000),
  /** A statement running longer than this is cancelled by PostgreSQL; 0 turns the limit off. */
  DATABASE_STATEMENT_TIMEOUT_MS: integerVar(15_000, 0, 10 * 60 * 1000),
  /**
   * On SIGTERM the server answers "not ready" for this long, still serving, before it stops accepting, so that
   * a load balancer polling GET /api/v1/health/ready stops sending first. 0 (the default) stops at once.
   */
  SHUTDOWN_DRAIN_DELAY_MS: integerVar(0, 0, 5 * 60 * 1000),
  /**
   * How often the reminder job (server/online-booking/reminder-job.ts) looks for reminders due to clients of
   * online bookings; 0 turns the job off in this process (another instance on the same database still sends).
   */
  REMINDER_INTERVAL_MS: integerVar(60_000, 0, 60 * 60 * 1000),
  DATA_DIR: v.pipe(
    v.optional(v.string(), '.data'),
    v.transform((value) => value.trim() || '.data'),
  ),
  PUBLIC_ORIGIN: v.pipe(v.optional(v.string()), v.transform(emptyToUndefined), v.optional(originSchema)),
  JWT_SECRET: secretVar(),
  DATA_ENCRYPTION_KEY: secretVar(),
  DATA_ENCRYPTION_KEY_PREVIOUS: secretVar(),
  ACCESS_TOKEN_TTL_SEC: integerVar(DEFAULT_ACCESS_TOKEN_TTL_SEC, 1, 24 * 60 * 60),
  /**
   * How long a process reuses "this session still stands" and a user's membership of a company (server/auth/
   * auth-cache.ts): the longest a revoked session or a changed right can still be honoured should a change
   * notification not arrive. 0 turns the cache off.
   */
  AUTH_CACHE_TTL_MS: integerVar(DEFAULT_AUTH_CACHE_TTL_MS, 0, 60_000),
  REFRESH_TOKEN_TTL_SEC: integerVar(DEFAULT_REFRESH_TOKEN_TTL_SEC, 60, 365 * 24 * 60 * 60),
  SESSION_MAX_AGE_SEC: integerVar(DEFAULT_SESSION_MAX_AGE_SEC, 60, 365 * 24 * 60 * 60),
  REFRESH_REUSE_GRACE_SEC: integerVar(DEFAULT_REFRESH_REUSE_GRACE_SEC, 0, 300),
  SIGNIN_THROTTLE_ACCOUNT_MAX: integerVar(DEFAULT_SIGNIN_THROTTLE_ACCOUNT_MAX, 1, 10_000),
  SIGNIN_THROTTLE_PAIR_MAX: integerVar(DEFAULT_SIGNIN_THROTTLE_PAIR_MAX, 1, 10_000),
  SIGNIN_THROTTLE_ACCOUNT_DAY_MAX: integerVar(DEFAULT_SIGNIN_THROTTLE_ACCOUNT_DAY_MAX, 1, 100_000),
  SIGNIN_THROTTLE_IP_MAX: integerVar(DEFAULT_SIGNIN_THROTTLE_IP_MAX, 1, 100_000),
  SIGNIN_THROTTLE_WINDOW_SEC: integerVar(DEFAULT_SIGNIN_THROTTLE_WINDOW_SEC, 1, 24 * 60 * 60),
  SMTP_URL: v.pipe(
    v.optional(v.string()),
    v.transform(emptyToUndefined),
    v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'))),
  ),
  /** The sender of every e-mail. */
  MAIL_FROM: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => (value.trim() === '' ? 'Salon <no-reply@localhost>' : value.trim())),
  ),
  /**
   * The SMS and voice-call provider: an HTTPS endpoint that takes `{ channel, to, text }` as JSON with a bearer
   * token (docs/api.md, "Delivery"). Without it, outside production, messages go only to the outbox.
   */
  SMS_PROVIDER_URL: v.pipe(
    v.optional(v.string()),
    v.transform(emptyToUndefined),
    v.optional(v.pipe(v.string(), v.url('must be a URL'), v.regex(/^https?:\/\//, 'must be an http(s) URL'))),
  ),
  SMS_PROVIDER_TOKEN: v.pipe(v.optional(v.string()), v.transform(emptyToUndefined)),
  /** Facebook sign-in (POST /auth/login/1 with fb_token) is off until both are set. */
  FACEBOOK_APP_ID: v.pipe(v.optional(v.string()), v.transform(emptyToUndefined)),
  FACEBOOK_APP_SECRET: v.pipe(v.optional(v.string()), v.transform(emptyToUndefined)),
  /** Where the Graph API answers; tests point it at a stand-in on loopback. */
  FACEBOOK_GRAPH_URL: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) =>
      value.trim() === '' ? 'https://graph.facebook.com' : value.trim().replace(/\/+$/, ''),
    ),
    v.url('must be a URL'),
    v.regex(/^https?:\/\//, 'must be an http(s) URL'),
  ),
  EMBED_PARENT_ORIGINS: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter((origin) => origin !== ''),
    ),
    v.array(originSchema),
  ),
  LOG_LEVEL: v.pipe(
    v.optional(v.string(), 'info'),
    v.transform((value) => value.trim() || 'info'),
    v.picklist(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'must be a pino level such as info',
    ),
  ),
  TRUST_PROXY: v.pipe(
    v.optional(v.string(), 'false'),
    v.transform((value) => value.trim() || 'false'),
    v.picklist(['true', 'false'], 'must be true or false'),
    v.transform((value) => value === 'true'),
  ),
  /**
   * Serves the OpenAPI document (/api/v1/openapi.json) and its reference page (/api/docs). Unset: on outside
   * production, off in production (the document lists every route, which a public site need not advertise).
   */
  API_DOCS: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => value.trim()),
    v.picklist(['', 'true', 'false'], 'must be true or false'),
    v.transform((value) => (value === '' ? undefined : value === 'true')),
  ),
  /** Build flag: off hides the newsletter and personal-data agreements of the timetable (both read false). */
  FEATURE_AGREEMENTS: v.pipe(
    v.optional(v.string(), 'true'),
    v.transform((value) => value.trim() || 'true'),
    v.picklist(['true', 'false'], 'must be true or false'),
    v.transform((value) => value === 'true'),
  ),
  /** Google reCAPTCHA v2 secret; with it tokens are checked by Google, without it (outside production) 'dev-recaptcha-ok' passes. */
  RECAPTCHA_SECRET: v.pipe(v.optional(v.string()), v.transform(emptyToUndefined)),
  /**
   * Google reCAPTCHA v2 public site key, handed to the browser by GET /onboarding/recaptcha_config. It works only
   * together with RECAPTCHA_SECRET (see recaptchaSiteKeyOf in server/recaptcha/recaptcha-mode.ts).
   */
  RECAPTCHA_SITE_KEY: v.pipe(
    v.optional(v.string()),
    v.transform(emptyToUndefined),
    v.optional(
      v.pipe(
        v.string(),
        v.regex(/^[A-Za-z0-9_-]{10,200}$/, 'must be a reCAPTCHA site key (letters, digits, - and _)'),
      ),
    ),
  ),
  /** Where reCAPTCHA tokens are verified; tests point it at a stand-in on loopback. */
  RECAPTCHA_VERIFY_URL: v.pipe(
    v.optional(v.string(), ''),
    v.transform((value) => value.trim() || 'https://www.google.com/recaptcha/api/siteverify'),
    v.url('must be a URL'),
    v.regex(/^https?:\/\//, 'must be an http(s) URL'),
  ),
  /** First onboarding steps allowed per address and per phone or e-mail in the window before reCAPTCHA is needed. */
  ONBOARDING_RECAPTCHA_AFTER: integerVar(5, 0, 100_000),
  ONBOARDING_RECAPTCHA_WINDOW_SEC: integerVar(3600, 1, 7 * 24 * 60 * 60),
  /** Wrong second-factor codes per account per window, across its confirmation sessions. */
  SECOND_FACTOR_GUESSES_MAX: integerVar(DEFAULT_SECOND_FACTOR_GUESSES_MAX, 1, 100),
  /** Confirmation sessions (codes sent) per account per window. */
  SECOND_FACTOR_SESSIONS_MAX: integerVar(DEFAULT_SECOND_FACTOR_SESSIONS_MAX, 1, 10_000),
  SECOND_FACTOR_WINDOW_SEC: integerVar(DEFAULT_SECOND_FACTOR_WINDOW_SEC, 60, 24 * 60 * 60),
  /** Reset codes sent per contact per window (a day by default). */
  RESET_CODES_PER_CONTACT_MAX: integerVar(DEFAULT_RESET_CODES_PER_CONTACT_MAX, 1, 10_000),
  /** Wrong reset codes per contact per window; at most 100, the ASVS ceiling for failed attempts. */
  RESET_GUESSES_PER_CONTACT_MAX: integerVar(DEFAULT_RESET_GUESSES_PER_CONTACT_MAX, 1, 100),
  /** Reset codes asked for per client address per window. */
  RESET_CODES_PER_IP_MAX: integerVar(DEFAULT_RESET_CODES_PER_IP_MAX, 1, 100_000),
  RESET_CAP_WINDOW_SEC: integerVar(DEFAULT_RESET_CAP_WINDOW_SEC, 60, 7 * 24 * 60 * 60),
  /** Registration codes sent per contact per window (a day by default), across its registrations; at most
   * 20, so that with 5 attempts a code a contact meets at most the ASVS ceiling of 100 failed attempts. */
  REGISTRATION_CODES_PER_CONTACT_MAX: integerVar(DEFAULT_REGISTRATION_CODES_PER_CONTACT_MAX, 1, 20),
  REGISTRATION_CAP_WINDOW_SEC: integerVar(DEFAULT_REGISTRATION_CAP_WINDOW_SEC, 60, 7 * 24 * 60 * 60),
})

/** The name of every environment variable the server reads (docs/deployment.md lists each one). */
export const ENVIRONMENT_VARIABLES = Object.keys(envSchema.entries)

type ParsedEnv = v.InferOutput<typeof envSchema>

/** The validated configuration the server runs with. */
export type Config = Omit<
  ParsedEnv,
  'PUBLIC_ORIGIN' | 'JWT_SECRET' | 'DATA_ENCRYPTION_KEY' | 'DATA_ENCRYPTION_KEY_PREVIOUS'
> & {
  PUBLIC_ORIGIN: string
  JWT_SECRET: string
  /** DATA_ENCRYPTION_KEY and, while a rotation is under way, DATA_ENCRYPTION_KEY_PREVIOUS. */
  DATA_KEYS: DataKeys
}

const SECRET_NAMES = new Set(['JWT_SECRET', 'DATA_ENCRYPTION_KEY', 'DATA_ENCRYPTION_KEY_PREVIOUS'])

/**
 * Reads the configuration from environment variables and validates every one of them, so that a bad value is
 * reported at start and by name rather than failing later in a request.
 *
 * In development and test a missing JWT_SECRET or DATA_ENCRYPTION_KEY is generated once and kept in
 * DATA_DIR/secrets.json (mode 0600), so that restarting the server does not sign everyone out or break second
 * factors; in production both must be given, and must differ.
 *
 * @throws Error whose message names every invalid variable.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const result = v.safeParse(envSchema, env)
  if (!result.success) {
    const problems = result.issues.map((issue) => {
      const name = v.getDotPath(issue)?.split('.')[0] ?? 'environment'
      // Echo the offending value to make typos obvious, except for secrets.
      const shown =
        !SECRET_NAMES.has(name) && typeof issue.input === 'string' ? ` (got "${issue.input}")` : ''
      return `${name}: ${issue.message}${shown}`
    })
    throw new Error(`Invalid configuration:\n  ${[...new Set(problems)].join('\n  ')}`)
  }
  const parsed = result.output
  if (parsed.NODE_ENV === 'production') {
    for (const name of ['JWT_SECRET', 'DATA_ENCRYPTION_KEY'] as const) {
      if (parsed[name] === undefined) {
        throw new Error(
          `Invalid configuration:\n  ${name}: is required in production (at least ${MIN_SECRET_LENGTH} random characters)`,
        )
      }
    }
  }
  if (parsed.DATA_ENCRYPTION_KEY !== undefined && parsed.DATA_ENCRYPTION_KEY === parsed.JWT_SECRET) {
    throw new Error(
      'Invalid configuration:\n  DATA_ENCRYPTION_KEY: must differ from JWT_SECRET, so that either can be rotated alone',
    )
  }
  // Half a reCAPTCHA pair in production would either show a widget whose tokens nobody checks or check tokens
  // that no widget can produce; both lock real visitors out, so the server refuses to start instead.
  if (
    parsed.NODE_ENV === 'production' &&
    (parsed.RECAPTCHA_SECRET === undefined) !== (parsed.RECAPTCHA_SITE_KEY === undefined)
  ) {
    const missing = parsed.RECAPTCHA_SECRET === undefined ? 'RECAPTCHA_SECRET' : 'RECAPTCHA_SITE_KEY'
    throw new Error(
      `Invalid configuration:\n  ${missing}: is required in production when ${missing === 'RECAPTCHA_SECRET' ? 'RECAPTCHA_SITE_KEY' : 'RECAPTCHA_SECRET'} is set`,
    )
  }
  // Codes go out by e-mail (second factor, reset) and by SMS (registration, reset of a phone-only account). A
  // production server without either transport cannot deliver them, and a reset that fails only for
  // registered contacts would tell who is registered; so it refuses to start instead.
  if (parsed.NODE_ENV === 'production') {
    const missingTransports = [
      parsed.SMTP_URL === undefined ? 'SMTP_URL: is required in production (e-mail codes)' : null,
      parsed.SMS_PROVIDER_URL === undefined
        ? 'SMS_PROVIDER_URL: is required in production (SMS codes)'
        : null,
    ].filter((problem) => problem !== null)
    if (missingTransports.length > 0) {
      throw new Error(`Invalid configuration:\n  ${missingTransports.join('\n  ')}`)
    }
  }
  const { DATA_ENCRYPTION_KEY, DATA_ENCRYPTION_KEY_PREVIOUS, ...rest } = parsed
  return {
    ...rest,
    PUBLIC_ORIGIN: parsed.PUBLIC_ORIGIN ?? `http://localhost:${parsed.PORT}`,
    JWT_SECRET: parsed.JWT_SECRET ?? developmentSecret(parsed.DATA_DIR, 'JWT_SECRET'),
    DATA_KEYS: {
      current: DATA_ENCRYPTION_KEY ?? developmentSecret(parsed.DATA_DIR, 'DATA_ENCRYPTION_KEY'),
      previous: DATA_ENCRYPTION_KEY_PREVIOUS ?? null,
    },
  }
}

/** Loads, or creates once, a development secret kept beside the embedded database. */
function developmentSecret(dataDir: string, name: 'JWT_SECRET' | 'DATA_ENCRYPTION_KEY'): string {
  // An in-memory database has nowhere to keep the key, and nothing outlives the process anyway.
  if (dataDir === IN_MEMORY_DATA_DIR) return randomBytes(48).toString('base64url')
  const file = join(dataDir, 'secrets.json')
  const stored: Record<string, unknown> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
  const kept = stored[name]
  if (typeof kept === 'string' && kept.length >= MIN_SECRET_LENGTH) return kept
  const secret = randomBytes(48).toString('base64url')
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, JSON.stringify({ ...stored, [name]: secret }, null, 2) + '\n', { mode: 0o600 })
  chmodSync(file, 0o600)
  return secret
}
