import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { Service } from '../../../contract/services/schemas'
import { TranslatedTitleHint } from '../shell/translated-title-hint'
import { formatPriceRange } from '../../i18n/format-money'
import { formatDuration } from './service-format'
import { ServiceThumbnail } from './service-thumbnail'

interface ServiceRowProps {
  companyId: number
  service: Service
  currency: string
  /** The title links to the editor. */
  canOpen: boolean
  /** The row's checkbox for the bulk actions, when the user may use them. */
  tick?: { checked: boolean; disabled: boolean; onChange: (on: boolean) => void }
  /** The controls that change the order (drag handle, move buttons), drawn last. */
  actions?: ReactNode
  dragging?: boolean
}

/** One service in the list: title with its badges, duration and price. */
export function ServiceRow(props: ServiceRowProps) {
  const { t, i18n } = useLingui()
  const { companyId, service, currency, canOpen, tick, actions, dragging } = props
  const className = [
    'service-row',
    tick ? 'service-row--tickable' : '',
    actions ? 'service-row--sortable' : '',
    dragging ? 'service-row--dragging' : '',
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <li className={className} data-sortable-id={service.id}>
      {tick ? (
        <input
          type="checkbox"
          className="service-row__tick"
          aria-label={t`Tick ${service.title}`}
          checked={tick.checked}
          disabled={tick.disabled}
          onChange={(event) => tick.onChange(event.target.checked)}
        />
      ) : null}
      <span className="service-row__title">
        <ServiceThumbnail service={service} />
        {canOpen ? (
          <Link
            to="/{-$lang}/company/$companyId/services/$serviceKey"
            params={(previous) => ({
              ...previous,
              companyId: String(companyId),
              serviceKey: String(service.id),
            })}
          >
            {service.title}
          </Link>
        ) : (
          service.title
        )}
        {service.kind === 'services-composite' ? (
          <span className="badge">
            {service.composite_details.status === 'ready' ? (
              <Trans>composite</Trans>
            ) : (
              <Trans>composite, not configured</Trans>
            )}
          </span>
        ) : null}
        {service.active === 0 ? (
          <span className="badge">
            <Trans>inactive</Trans>
          </span>
        ) : null}
        {service.is_online ? (
          <span className="badge badge--accent">
            <Trans>online</Trans>
          </span>
        ) : null}
        <TranslatedTitleHint item={service} className="service-row__translation" />
      </span>
      <span className="service-row__duration">{formatDuration(i18n, service.duration)}</span>
      <span className="service-row__price">
        {formatPriceRange(service.price_min, service.price_max, currency)}
      </span>
      {actions}
    </li>
  )
}
