import type { Config } from '../config'
import type { Database } from '../db/database'
import { reserveCappedHit } from '../rate-limit/capped-hit'
import { releaseHit } from '../rate-limit/fixed-window-counter'

/**
 * The caps of the password reset: codes sent per contact, wrong codes checked per contact, codes asked for per
 * client address. Each contact is counted whether or not an account has it, so a cap answers the same for
 * both. Every hit is reserved before the work (reserveHit), so parallel requests cannot get past a cap.
 */
export interface ResetCapDeps {
  db: Database
  config: Pick<
    Config,
    | 'RESET_CODES_PER_CONTACT_MAX'
    | 'RESET_GUESSES_PER_CONTACT_MAX'
    | 'RESET_CODES_PER_IP_MAX'
    | 'RESET_CAP_WINDOW_SEC'
  >
}

/** Reset codes one client address may ask for in a short window: it stops a burst of messages to strangers. */
export const RESET_SENDS_PER_IP = 20
export const RESET_SENDS_WINDOW_SEC = 15 * 60

const codesKey = (contact: string) => `reset:codes:contact:${contact}`
const checksKey = (contact: string) => `reset:checks:contact:${contact}`
const burstKey = (ip: string) => `reset:ip:${ip}`
const dayKey = (ip: string) => `reset:ip-day:${ip}`

const reserveOrRefuse = (db: Database, key: string, windowSec: number, max: number) =>
  reserveCappedHit(db, { key, windowSec, max, action: 'reset_limit_reached' })

/** Counts one request for a code from this address: at most 20 in 15 minutes and RESET_CODES_PER_IP_MAX a day. */
export async function reserveSendFromAddress(deps: ResetCapDeps, ip: string): Promise<void> {
  await reserveOrRefuse(deps.db, burstKey(ip), RESET_SENDS_WINDOW_SEC, RESET_SENDS_PER_IP)
  await reserveOrRefuse(
    deps.db,
    dayKey(ip),
    deps.config.RESET_CAP_WINDOW_SEC,
    deps.config.RESET_CODES_PER_IP_MAX,
  )
}

/** Reserves one code sent to the contact; give it back with releaseCodeToContact when none was issued. */
export async function reserveCodeToContact(deps: ResetCapDeps, contact: string): Promise<void> {
  const { RESET_CAP_WINDOW_SEC: windowSec, RESET_CODES_PER_CONTACT_MAX: max } = deps.config
  await reserveOrRefuse(deps.db, codesKey(contact), windowSec, max)
}

export async function releaseCodeToContact(deps: Pick<ResetCapDeps, 'db'>, contact: string): Promise<void> {
  await releaseHit(deps.db, codesKey(contact))
}

/** Reserves the check of one code of the contact (before it is compared); a right code gives it back. */
export async function reserveCheckForContact(deps: ResetCapDeps, contact: string): Promise<void> {
  const { RESET_CAP_WINDOW_SEC: windowSec, RESET_GUESSES_PER_CONTACT_MAX: max } = deps.config
  await reserveOrRefuse(deps.db, checksKey(contact), windowSec, max)
}

export async function releaseCheckForContact(deps: Pick<ResetCapDeps, 'db'>, contact: string): Promise<void> {
  await releaseHit(deps.db, checksKey(contact))
}
