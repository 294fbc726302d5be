/**
 * What the error handler needs to know about errors from the database: whether one was caused by a value the
 * request sent (so it is the client's 422, not our 500), and what of it may be logged.
 */

/** Drizzle's own error when an update has no column to set, reached by a body that set nothing. */
const NO_VALUES_TO_SET = 'No values to set'

interface DatabaseErrorFields {
  code?: unknown
  message?: unknown
  cause?: unknown
}

/** The PostgreSQL error inside whatever wrapped it (Drizzle's DrizzleQueryError keeps it as `cause`). */
function databaseCause(error: unknown): DatabaseErrorFields | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const fields = current as DatabaseErrorFields
    if (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code)) return fields
    current = fields.cause
  }
  return undefined
}

/** The SQLSTATE of a database error (node-postgres and PGlite both name it `code`), or undefined. */
export function sqlState(error: unknown): string | undefined {
  return databaseCause(error)?.code as string | undefined
}

/**
 * True for errors a bad value caused: SQLSTATE class 22 (data exception: a number out of range, text that is not
 * a number, a date out of range, broken text encoding, ...) and an update with nothing to set. The schemas are
 * meant to refuse such values first; this is the safety net that keeps a missed one from answering 500.
 */
export function isBadValueError(error: unknown): boolean {
  if (error instanceof Error && error.message === NO_VALUES_TO_SET) return true
  return sqlState(error)?.startsWith('22') ?? false
}

/**
 * SQLSTATEs of a database that is away or cannot take us now: connection exceptions (class 08), too many
 * connections, the server shutting down or starting up, and a database that accepts no connections.
 */
const UNAVAILABLE_STATES = /^(08...|53300|57P01|57P02|57P03)$/
/** Socket errors of a connection that could not be made or was cut, and node-postgres's own messages for it. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
])
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|is not queryable|not currently accepting connections/

/** True when an error says the database could not be reached or dropped the connection, not that a query was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const fields = current as DatabaseErrorFields
    if (
      typeof fields.code === 'string' &&
      (UNAVAILABLE_STATES.test(fields.code) || UNAVAILABLE_CODES.has(fields.code))
    )
      return true
    if (typeof fields.message === 'string' && UNAVAILABLE_MESSAGES.test(fields.message)) return true
    current = fields.cause
  }
  return false
}

/** Quoted parts of a PostgreSQL message ("value \"anna@example.com\" is ..."), which repeat what was sent. */
const QUOTED = /"[^"]*"|'[^']*'/g
/** Drizzle appends the query's parameters, personal data among them, to its message. */
const DRIZZLE_PARAMS = /\nparams: [\s\S]*$/

/** A message with the values it repeats taken out. */
function withoutValues(message: string): string {
  return message.replace(DRIZZLE_PARAMS, '\nparams: [redacted]').replace(QUOTED, '"[redacted]"')
}

/** A plain object of an error for the log: what went wrong and where, never the values of the query. */
export interface LoggedError {
  type: string
  message: string
  stack?: string
  /** The SQLSTATE of the database error inside, or the error's own code (FST_..., ERR_...). */
  code?: string
  query?: string
  cause?: LoggedError
}

/**
 * An error as the log may show it. Query parameters (e-mails, phones, names) and the values PostgreSQL quotes
 * in its messages and details are left out; the SQL text with its placeholders, the SQLSTATE, the constraint
 * and the stack stay, which is what finding the bug takes.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]' }
  const fields = error as Error & { code?: unknown; query?: unknown; cause?: unknown; constraint?: unknown }
  const message = withoutValues(error.message)
  const logged: LoggedError = { type: error.name, message }
  if (error.stack) {
    // The stack starts with the message: keep only its frames.
    const frames = error.stack.split('\n').filter((line) => /^\s+at /.test(line))
    logged.stack = [`${error.name}: ${message}`, ...frames].join('\n')
  }
  const code = sqlState(error) ?? (typeof fields.code === 'string' ? fields.code : undefined)
  if (code !== undefined) logged.code = code
  if (typeof fields.query === 'string') logged.query = fields.query
  if (typeof fields.constraint === 'string') logged.message += ` (constraint ${fields.constraint})`
  if (fields.cause !== undefined && depth < 3) logged.cause = errorForLog(fields.cause, depth + 1)
  return logged
}
