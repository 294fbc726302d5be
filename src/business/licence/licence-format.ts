/** A whole amount in the company's currency ("1 667 ₽"); the number and the code when Intl does not know it. */
export function formatMoney(locale: string, currency: string, amount: number): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(
      amount,
    )
  } catch {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(amount)} ${currency}`
  }
}

/** A day of the licence ("25 December 2026"), in the reader's language. */
export function formatDay(locale: string, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso))
}
