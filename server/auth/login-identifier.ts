/** A sign-in login, classified and normalised the way users are stored. */
export type LoginIdentifier =
  | { kind: 'email'; email: string }
  /** `national`: the number read with Russia's and Kazakhstan's trunk prefix, 8 for +7, when it may be one. */
  | { kind: 'phone'; phone: string; national?: string }
  | { kind: 'invalid' }

/**
 * An e-mail is anything with an '@', compared lower-case. Anything else is read as a phone: '+', spaces,
 * dashes, dots and brackets are dropped, so '+7 (900) 123-45-67' and '79001234567' are the same login.
 * What is left must be 5 to 15 digits (E.164 without '+'); otherwise it can match no account.
 */
export function parseLogin(login: string): LoginIdentifier {
  const trimmed = login.trim()
  if (trimmed.includes('@')) return { kind: 'email', email: trimmed.toLowerCase() }
  const digits = trimmed.replace(/[\s+\-().]/g, '')
  if (!/^\d{5,15}$/.test(digits)) return { kind: 'invalid' }
  // "8 900 123-45-67" is how a number of +7 is written at home; another country's number written with its
  // code and no plus (84 Vietnam) stays what it says first (findUserByLogin).
  if (!trimmed.startsWith('+') && /^8\d{10}$/.test(digits)) {
    return { kind: 'phone', phone: digits, national: `7${digits.slice(1)}` }
  }
  return { kind: 'phone', phone: digits }
}

/**
 * The key sign-in throttling counts failures of a login that names no account under (an account's are counted
 * under its id): the normalised login, so that every spelling of one unknown login shares a counter.
 */
export function throttleKeyOf(login: string): string {
  const parsed = parseLogin(login)
  if (parsed.kind === 'email') return parsed.email
  if (parsed.kind === 'phone') return parsed.phone
  return login.trim().toLowerCase()
}
