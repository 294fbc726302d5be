import type { FastifyReply } from 'fastify'
import type { Database } from '../db/database'
import { chainFrameOrigins, companyFrameOrigins } from './frame-origins'

const CSP_HEADER = 'content-security-policy'

/** A booking page the app answers: one salon's (with its cancellation links) or one chain's. */
export type BookingPage = { kind: 'company'; id: number } | { kind: 'chain'; id: number }

const ID = '([1-9]\\d{0,8})'
// The optional language prefix is one segment that is neither `b2c` nor empty (the router's `{-$lang}`).
const COMPANY_PAGE = new RegExp(`^(?:/[^/]+)?/b2c/${ID}(?:/cancel/[^/]+)?/?$`)
const CHAIN_PAGE = new RegExp(`^(?:/[^/]+)?/b2c/chain/${ID}/?$`)

/** The booking page a request path names (`/ru/b2c/12`, `/b2c/12/cancel/…`, `/en/b2c/chain/3`), or null. */
export function bookingPageOf(url: string): BookingPage | null {
  const path = url.split(/[?#]/)[0]!
  const chain = CHAIN_PAGE.exec(path)
  if (chain) return { kind: 'chain', id: Number(chain[1]) }
  const company = COMPANY_PAGE.exec(path)
  return company ? { kind: 'company', id: Number(company[1]) } : null
}

/** The policy `csp` with its frame-ancestors directive replaced by `'self'` and `origins`. */
export function withFrameAncestors(csp: string, origins: readonly string[]): string {
  const directive = ['frame-ancestors', "'self'", ...origins].join(' ')
  const others = csp
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !/^frame-ancestors(\s|$)/i.test(part))
  return [...others, directive].join(';')
}

/**
 * Sets the frame-ancestors of a booking page's reply to the sites its company lists (a chain's page: those any
 * of its salons lists), instead of the app's own list (the admin application's origins): a salon's site may
 * show its booking page and nothing else of the app, and the admin application has no business framing a
 * client's booking. Other pages are left as the security headers wrote them.
 */
export async function frameBookingPage(
  db: Database,
  url: string,
  reply: FastifyReply,
  /** The salon's list when the caller has read it already (the drawn page's catalogue holds it). */
  knownOrigins?: readonly string[],
): Promise<void> {
  const page = bookingPageOf(url)
  if (!page) return
  const current = reply.getHeader(CSP_HEADER)
  if (typeof current !== 'string') return
  let origins: readonly string[] = []
  try {
    origins =
      page.kind === 'chain'
        ? await chainFrameOrigins(db, page.id)
        : (knownOrigins ?? (await companyFrameOrigins(db, page.id)).origins)
  } catch {
    // Without the list the page is still served, framed by nobody but the app itself.
  }
  void reply.header(CSP_HEADER, withFrameAncestors(current, origins))
}
