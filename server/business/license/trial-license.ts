import type { Database } from '../../db/database'
import { licenses } from '../../db/schema'
import { HttpError } from '../../http/http-error'

/** How long a new company's trial lasts: two weeks, as YCLIENTS and Altegio give (docs/decisions.md). */
export const TRIAL_DAYS = 14

/** The trial's terms: the seats of the smallest paid tariff, and the same price for a seat added during it. */
export const trialTerms = { tariff: 'Trial', staffLimit: 5, staffSeatMonthlyPrice: 500 } as const

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Gives the company a trial licence from `now`, once: a company that has or ever had a licence keeps it (the
 * licence row is unique per company, so two requests at once start one trial). Answers whether it started one.
 */
export async function startTrialLicense(
  db: Pick<Database, 'insert'>,
  companyId: number,
  now = new Date(),
): Promise<boolean> {
  const started = await db
    .insert(licenses)
    .values({
      companyId,
      ...trialTerms,
      startsAt: now,
      expiresAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
    })
    .onConflictDoNothing({ target: licenses.companyId })
    .returning({ id: licenses.id })
  return started.length > 0
}

/** POST /license/{id}/trial: the trial of a company that never had a licence; 409 for one that has or had one. */
export async function requireTrialStarted(db: Database, companyId: number): Promise<void> {
  if (!(await startTrialLicense(db, companyId))) {
    throw new HttpError(409, /*i18n*/ 'The company already has or had a licence')
  }
}
