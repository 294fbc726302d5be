import type { Config } from '../config'
import type { Database } from '../db/database'
import { reserveCappedHit } from '../rate-limit/capped-hit'
import { releaseHit } from '../rate-limit/fixed-window-counter'

/**
 * The cap of the registration's codes per contact, across every registration that names it: codes sent in a
 * window (a day by default). A resend gives a new code with attempts of its own (5), so without it a contact
 * could be guessed at for ever, a new code a minute, and flooded with calls and messages; with it, a contact
 * meets at most 10 codes and 50 guesses a day. A contact is counted whether or not an account has it (a code is
 * issued either way, code-delivery.ts), so the cap answers the same for both; every hit is reserved before the
 * work, so parallel requests cannot pass it.
 */
export interface RegistrationCapDeps {
  db: Database
  config: Pick<Config, 'REGISTRATION_CODES_PER_CONTACT_MAX' | 'REGISTRATION_CAP_WINDOW_SEC'>
}

const ACTION = 'registration_limit_reached'
const codesKey = (contact: string) => `registration:codes:contact:${contact}`

/** Reserves one code sent to the contact (429 / 1001 past the cap). */
export function reserveCodeToContact(deps: RegistrationCapDeps, contact: string): Promise<void> {
  return reserveCappedHit(deps.db, {
    key: codesKey(contact),
    windowSec: deps.config.REGISTRATION_CAP_WINDOW_SEC,
    max: deps.config.REGISTRATION_CODES_PER_CONTACT_MAX,
    action: ACTION,
  })
}

/** Gives back the code reserved when none was issued after all (the resend wait refused it). */
export async function releaseCodeToContact(db: Database, contact: string): Promise<void> {
  await releaseHit(db, codesKey(contact))
}
