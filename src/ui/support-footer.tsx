import { Trans } from '@lingui/react/macro'

/**
 * The support phone shown on the public screens (SPEC.md section 9: "A default support phone number is
 * shown on screen"). VITE_SUPPORT_PHONE sets it at build time; the default is documented in README.md and
 * docs/decisions.md.
 */
export const DEFAULT_SUPPORT_PHONE = '+7 800 555-35-35'

/** The configured number, or the default when the build names none. */
export const supportPhone = (): string => {
  const configured = import.meta.env.VITE_SUPPORT_PHONE
  return typeof configured === 'string' && configured.trim() !== ''
    ? configured.trim()
    : DEFAULT_SUPPORT_PHONE
}

/** The number as a tel: link, digits and the leading plus only. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`

/** The footer of the public screens: where to call when something does not work. */
export function SupportFooter() {
  const phone = supportPhone()
  return (
    <footer className="support-footer">
      <p>
        <Trans>
          Need help? Call support: <a href={telHref(phone)}>{phone}</a>
        </Trans>
      </p>
    </footer>
  )
}
