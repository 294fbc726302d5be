/**
 * Numbers that govern abuse protection and token lifetimes, in one place so that docs/api.md can quote them.
 * Token lifetimes and throttle limits can be overridden by environment variables (server/config.ts); these are
 * the defaults.
 */

/** Access tokens live 15 minutes: short enough that a leaked one is soon useless, long enough to avoid churn. */
export const DEFAULT_ACCESS_TOKEN_TTL_SEC = 15 * 60
/** A refresh token (and with it the session) lives 30 days after its last rotation. */
export const DEFAULT_REFRESH_TOKEN_TTL_SEC = 30 * 24 * 60 * 60
/**
 * However often it is refreshed, a session ends this long after its sign-in, and the user signs in again
 * (ASVS 5 V7.3.2): 90 days keeps a reception computer signed in through a season without a session living forever.
 */
export const DEFAULT_SESSION_MAX_AGE_SEC = 90 * 24 * 60 * 60
/**
 * A rotated refresh token is still accepted this long after its rotation, so that two tabs refreshing at the
 * same moment are not both logged out. Past this, reuse is treated as theft and the whole session is revoked.
 */
export const DEFAULT_REFRESH_REUSE_GRACE_SEC = 10

/**
 * Failed sign-ins allowed per account (its user id; the normalised login when it names no account) per window,
 * from all addresses together. Past it a sign-in is evaluated only from a device the account is remembered on,
 * or with a reCAPTCHA when one is configured (docs/decisions.md, "Sign-in throttling").
 */
export const DEFAULT_SIGNIN_THROTTLE_ACCOUNT_MAX = 10
/** Failed sign-ins allowed per account from one client address per window: stricter than the account limit. */
export const DEFAULT_SIGNIN_THROTTLE_PAIR_MAX = 5
/** Failed sign-ins allowed per client address per window: several people may share one office address. */
export const DEFAULT_SIGNIN_THROTTLE_IP_MAX = 20
/** The fixed window the pair, account and address counters use. */
export const DEFAULT_SIGNIN_THROTTLE_WINDOW_SEC = 15 * 60
/**
 * Failed sign-ins allowed per account in a day, whatever the reCAPTCHAs (NIST 800-63B 5.2.2: at most 100
 * consecutive failures); past it only a device the account is remembered on is evaluated.
 */
export const DEFAULT_SIGNIN_THROTTLE_ACCOUNT_DAY_MAX = 100
export const SIGNIN_THROTTLE_DAY_SEC = 24 * 60 * 60

/**
 * Second-factor codes (e-mail, SMS or app) checked per account in a window, across all its confirmation sessions:
 * each sign-in with the right password opens a new session with its own attempts, so without this cap the
 * number of guesses would only be bounded by how fast sessions can be opened. A right code does not count.
 */
export const DEFAULT_SECOND_FACTOR_GUESSES_MAX = 10
/** Confirmation sessions (and with them codes sent) opened per account in a window. */
export const DEFAULT_SECOND_FACTOR_SESSIONS_MAX = 10
/** The fixed window of both second-factor counters. */
export const DEFAULT_SECOND_FACTOR_WINDOW_SEC = 15 * 60

/** Password reset codes sent per contact (registered or not) in a window. */
export const DEFAULT_RESET_CODES_PER_CONTACT_MAX = 10
/** Wrong reset codes checked per contact in a window, across all its codes (ASVS: at most 100 in total). */
export const DEFAULT_RESET_GUESSES_PER_CONTACT_MAX = 20
/** Password reset codes asked for per client address in a window. */
export const DEFAULT_RESET_CODES_PER_IP_MAX = 50
/** The fixed window of the three reset caps: a day. */
export const DEFAULT_RESET_CAP_WINDOW_SEC = 24 * 60 * 60

/** Registration codes sent per contact in a window, across its registrations (a resend is one more). */
export const DEFAULT_REGISTRATION_CODES_PER_CONTACT_MAX = 10
/** The fixed window of the registration's caps per contact: a day. */
export const DEFAULT_REGISTRATION_CAP_WINDOW_SEC = 24 * 60 * 60

/**
 * Answers "this e-mail / phone belongs to another account" of the last registration step, per registration
 * (onboarding progress) and per client address, in a window of a day (server/onboarding/contact-probes.ts).
 */
export const REGISTER_PROBES_PER_PROGRESS = 5
export const REGISTER_PROBES_PER_IP = 20
export const REGISTER_PROBES_WINDOW_SEC = 24 * 60 * 60

/** Analytics posts accepted per client address per minute; generous, it only stops floods. */
export const ANALYTICS_POSTS_PER_IP_PER_MINUTE = 600

/** How long a graceful shutdown waits for in-flight requests before giving up. */
export const SHUTDOWN_TIMEOUT_MS = 10_000

/**
 * How long a request waits for a connection to PostgreSQL (a free one of the pool, or a new one) before it is
 * answered 503. A database that refuses connections fails at once; this bound is for a burst that keeps every
 * pooled connection busy (twenty bookings of one slot wait on the winner's exclusion check) and for a host that
 * does not answer at all. Five seconds answered part of such a burst 503 on a busy machine.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 15_000

/** What a request that found the database away is told about when to try again (Retry-After, seconds). */
export const DATABASE_UNAVAILABLE_RETRY_SEC = 5

/** How long the readiness check waits for the database to answer `select 1`. */
export const READINESS_DATABASE_TIMEOUT_MS = 2_000

/** The audience claim of every access token this server issues. */
export const ACCESS_TOKEN_AUDIENCE = 'salon-api'
/** The JWT `typ` header of access tokens (RFC 9068), checked on verify so no other JWT is taken for one. */
export const ACCESS_TOKEN_TYPE = 'at+jwt'
/** The cookie that carries the refresh token for browsers. */
export const REFRESH_COOKIE_NAME = 'refresh_token'

/** AUTH_CACHE_TTL_MS by default: the stated bound on honouring a revoked session (docs/decisions.md). */
export const DEFAULT_AUTH_CACHE_TTL_MS = 5000
