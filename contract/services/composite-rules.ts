import type { ServiceReply } from './schemas'

type CompositeReply = Extract<ServiceReply, { is_composite: true }>
export type CompositeDetails = CompositeReply['composite_details']
export type CompositeLinkReply = CompositeDetails['links'][number]
export type CompositeStatus = CompositeDetails['status']

/** How a composite is priced and run; the defaults of SPEC.md section 3. */
export interface CompositeSettings {
  exec_order: CompositeDetails['exec_order']
  pricing_type: CompositeDetails['pricing_type']
  price_discount_percent: number
}

export const defaultCompositeSettings: CompositeSettings = {
  exec_order: 'sequential_multi',
  pricing_type: 'sum',
  price_discount_percent: 0,
}

/** A composite needs at least this many parts before clients can book it. */
export const MIN_READY_PARTS = 2

/**
 * A composite is ready once it combines at least two services that can still be booked (active, not deleted);
 * until then it is not_configured (docs/decisions.md: the specification leaves the transitions open). The
 * server reports it and the editor shows it live, by this one rule.
 */
export function compositeStatus(
  parts: { service_id: number }[],
  bookable: (serviceId: number) => boolean,
): CompositeStatus {
  return parts.length >= MIN_READY_PARTS && parts.every((part) => bookable(part.service_id))
    ? 'ready'
    : 'not_configured'
}

/**
 * The price and duration of a composite: the sum of its parts (less the discount with pricing "discount"), or its
 * own price with pricing "manual"; parts done in parallel take as long as the longest, otherwise the sum.
 */
export function compositeTotals(
  settings: CompositeSettings,
  parts: { duration: number; price_min: number; price_max: number }[],
  own: { price_min: number; price_max: number },
) {
  const sumMin = parts.reduce((total, part) => total + part.price_min, 0)
  const sumMax = parts.reduce((total, part) => total + part.price_max, 0)
  const sumDuration = parts.reduce((total, part) => total + part.duration, 0)
  const duration =
    settings.exec_order === 'parallel' ? Math.max(0, ...parts.map((part) => part.duration)) : sumDuration
  const factor = settings.pricing_type === 'discount' ? (100 - settings.price_discount_percent) / 100 : 1
  const prices =
    settings.pricing_type === 'manual'
      ? own
      : { price_min: Math.round(sumMin * factor), price_max: Math.round(sumMax * factor) }
  return { ...prices, duration, services_duration: sumDuration }
}
