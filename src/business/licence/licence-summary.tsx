import { Trans, useLingui } from '@lingui/react/macro'
import type { License } from '../../../contract/license/schemas'
import { formatDay } from './licence-format'
import { licenceOptionNames } from './licence-options'

/** The licence as it stands: tariff, until when, the staff seats and the options bought. */
export function LicenceSummary({ license }: { license: License }) {
  const { i18n } = useLingui()
  const until = formatDay(i18n.locale, license.expires_at)
  const tariff = license.tariff
  const seats = license.staff_limit
  return (
    <>
      <dl className="facts">
        <dt>
          <Trans>Tariff</Trans>
        </dt>
        <dd>{tariff}</dd>
        <dt>
          <Trans>Valid</Trans>
        </dt>
        <dd>{license.is_active ? <Trans>until {until}</Trans> : <Trans>expired on {until}</Trans>}</dd>
        <dt>
          <Trans>Staff seats</Trans>
        </dt>
        <dd>{seats}</dd>
      </dl>
      <h2>
        <Trans>Options</Trans>
      </h2>
      {license.options.length === 0 ? (
        <p>
          <Trans>No options added yet.</Trans>
        </p>
      ) : (
        <ul className="licence-options">
          {license.options.map((option) => {
            const name = i18n._(licenceOptionNames[option.option_id])
            const amount = option.amount
            return (
              <li key={option.option_id}>
                <Trans>
                  {name}: {amount}
                </Trans>
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}
