import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { OnlineService } from '../../../contract/online-booking/schemas'
import { MAX_ONLINE_SERVICES } from '../../../contract/online-booking/schemas'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { formatPriceRange } from '../../i18n/format-money'

/** Minutes of a length in seconds, rounded up. */
const minutes = (seconds: number) => Math.ceil(seconds / 60)

/** Step 1: the services, each with its length and price. */
export function ServicesStep({
  services,
  currency,
  chosen: initial,
  onChosen,
}: {
  services: readonly OnlineService[]
  /** The salon's currency, ISO 4217. */
  currency: string
  chosen: readonly number[]
  onChosen: (ids: number[]) => void
}) {
  const { t } = useLingui()
  const [chosen, setChosen] = useState<number[]>([...initial])
  const [error, setError] = useState<string | undefined>()
  if (services.length === 0) {
    return (
      <p className="empty-state">
        <Trans>This salon has no services to book online yet. Please call the salon.</Trans>
      </p>
    )
  }
  const price = (service: OnlineService) =>
    service.price_min > 0 || service.price_max > 0
      ? formatPriceRange(service.price_min, service.price_max, currency)
      : ''
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (chosen.length === 0) setError(t`Pick at least one service.`)
        else onChosen(chosen)
      }}
    >
      <CheckboxGroup
        name="services"
        legend={t`Services`}
        error={error}
        chosen={chosen}
        options={services.map((service) => ({
          id: service.id,
          title: (
            <span className="b2c-option">
              <span>{service.title}</span>
              <span className="b2c-option__detail">
                {t`${minutes(service.duration_sec)} min`}
                {price(service) ? ` · ${price(service)}` : ''}
              </span>
            </span>
          ),
        }))}
        onToggle={(id, on) => {
          setError(undefined)
          if (on && chosen.length >= MAX_ONLINE_SERVICES) {
            setError(t`At most ${MAX_ONLINE_SERVICES} services in one booking.`)
            return
          }
          setChosen(on ? [...chosen, id] : chosen.filter((item) => item !== id))
        }}
      />
      <div className="form-actions">
        <button type="submit" className="button button--primary">
          <Trans>Next</Trans>
        </button>
      </div>
    </form>
  )
}
