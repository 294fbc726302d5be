/**
 * The support phone shown on the public screens (SPEC.md section 9: "A default support phone number is shown on
 * screen"). `VITE_SUPPORT_PHONE` sets it at build time; the build writes the number it used for the server, which
 * draws the sign-in and registration pages before their scripts run (server/i18n/app-words.ts). The default is
 * documented in README.md and docs/decisions.md.
 */
export const DEFAULT_SUPPORT_PHONE = '+7 800 555-35-35'

/** The configured number, or the default when none (or only spaces) is configured. */
export const supportPhoneOf = (configured: unknown): string =>
  typeof configured === 'string' && configured.trim() !== '' ? configured.trim() : DEFAULT_SUPPORT_PHONE

/** The file beside the build's catalogs copies (dist/.vite/app-words) holding the number that build shows. */
export const SUPPORT_PHONE_FILE = 'support-phone.txt'

/** The number as a tel: link, digits and the leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`
