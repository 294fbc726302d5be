/** How far `timeZone` is ahead of UTC at the instant `utcMs`, in milliseconds. */
function zoneOffsetMs(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(utcMs))
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value)
  const wallClockAsUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  )
  return wallClockAsUtc - Math.floor(utcMs / 1000) * 1000
}

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
