import { formatNumber } from '../../i18n/format-number'

/**
 * An amount as the salon reads it (SPEC.md section 5): up to 2 decimals and spaces between thousands, then the
 * company's currency: 14800 → "14 800 ₽", -15400.5 → "-15 400.5 ₽".
 */
export const moneyText = (amount: number, currency: string) => `${formatNumber(amount)} ${currency}`.trim()
