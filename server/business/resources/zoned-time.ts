import { zoneOffsetMs } from '../../../contract/zoned-time'

/**
 * Reads a date-time as the instant it names. One with an offset (or Z) is exact; one without is wall-clock time in
 * the company's time zone, which is how salon staff think of appointment times.
 */
export function parseCompanyDateTime(value: string, timeZone: string): Date {
  const normalized = value.replace(' ', 'T').replace(/([+-]\d{2})(\d{2})$/, '$1:$2')
  if (/(Z|[+-]\d{2}:\d{2})$/.test(normalized)) return new Date(normalized)
  const asUtc = Date.parse(`${normalized}Z`)
  // Two passes settle the offset near daylight-saving changes.
  const firstGuess = asUtc - zoneOffsetMs(asUtc, timeZone)
  return new Date(asUtc - zoneOffsetMs(firstGuess, timeZone))
}
