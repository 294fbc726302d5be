import { Trans } from '@lingui/react/macro'
import { supportPhoneOf, telHref } from '../../contract/support-phone'

/** The support phone this build was made with (contract/support-phone.ts). */
export const supportPhone = (): string => supportPhoneOf(import.meta.env.VITE_SUPPORT_PHONE)

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
