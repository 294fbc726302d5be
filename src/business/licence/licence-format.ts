/** A day of the licence ("25 December 2026"), in the reader's language. */
export function formatDay(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso))
}
