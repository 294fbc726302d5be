import { formatNumber } from './format-number'

/** Signs by currency, found once each: making an Intl.NumberFormat costs far more than reading a map. */
const signs = new Map<string, string>()

/**
 * The sign an amount in the currency is written with: "₽" for RUB, "€" for EUR, "$" for USD; a currency title
 * that is not an ISO 4217 code stays as it is.
 */
export function currencySign(currency: string): string {
  let sign = signs.get(currency)
  if (sign === undefined) {
    try {
      const format = new Intl.NumberFormat('en', {
        style: 'currency',
        currency,
        currencyDisplay: 'narrowSymbol',
      })
      sign = format.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency
    } catch {
      sign = currency
    }
    signs.set(currency, sign)
  }
  return sign
}

/**
 * An amount in the company's currency, written the same in every language (SPEC.md section 5: up to 2 decimals,
 * spaces between thousands) and followed by the currency's sign: 14800 → "14 800 ₽", -15400.5 → "-15 400.5 ₽".
 */
export function formatMoney(amount: number, currency: string): string {
  return `${formatNumber(amount)} ${currencySign(currency)}`.trim()
}

/** A price, or a price range when the most is above the least: "2 500 ₽", "2 500–4 000 ₽". */
export function formatPriceRange(min: number, max: number, currency: string): string {
  if (max <= min) return formatMoney(min, currency)
  return `${formatNumber(min)}–${formatNumber(max)} ${currencySign(currency)}`.trim()
}
