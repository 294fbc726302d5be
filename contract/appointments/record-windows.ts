import type { Rights } from '../access/rights-catalogue'
import { nextDate } from '../zoned-time'

/** The two last-days windows on appointments: for changing them and for creating them. */
export type RecordWindow = 'edit_records_last_days_count' | 'create_records_last_days_count'

/**
 * The first date (YYYY-MM-DD, on the company's clock) a member may change or create appointments on, by their
 * last-days window: with a limit of N days, today minus N; 0 means today; undefined means no limit. The future
 * is always open. The server refuses outside it (403, code 4003) and the book disables what it would refuse.
 */
export function earliestRecordDate(rights: Rights, window: RecordWindow, today: string): string | undefined {
  const days = rights[window]
  return days === null ? undefined : nextDate(today, -days)
}

/** Whether an appointment on `date` lies inside the window that starts at `earliest`. */
export const insideRecordWindow = (earliest: string | undefined, date: string): boolean =>
  earliest === undefined || date >= earliest
