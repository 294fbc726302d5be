import type { CompositeDetailsInput } from '../../../contract/services/schemas'
import type { ServiceReply } from '../../../contract/services/schemas'

type CompositeReply = Extract<ServiceReply, { is_composite: true }>
export type CompositeDetails = CompositeReply['composite_details']
export type CompositeLinkReply = CompositeDetails['links'][number]

/** What a composite service stores beside its links; the defaults of SPEC.md section 3. */
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

export function readCompositeSettings(stored: unknown): CompositeSettings {
  const record = (stored && typeof stored === 'object' ? stored : {}) as Partial<CompositeSettings>
  return { ...defaultCompositeSettings, ...record }
}

export function mergeCompositeSettings(
  current: CompositeSettings,
  input: CompositeDetailsInput,
): CompositeSettings {
  return {
    exec_order: input.exec_order ?? current.exec_order,
    pricing_type: input.pricing_type ?? current.pricing_type,
    price_discount_percent: input.price_discount_percent ?? current.price_discount_percent,
  }
}

/**
 * A composite is ready once it combines at least two services that can still be booked (active, not deleted);
 * until then it is not_configured (docs/decisions.md: the specification leaves the transitions open).
 */
export function compositeStatus(links: CompositeLinkReply[], bookable: (serviceId: number) => boolean) {
  return links.length >= 2 && links.every((link) => bookable(link.service_id)) ? 'ready' : 'not_configured'
}

/**
 * The price and duration of a composite: the sum of its parts (less the discount with pricing "discount"), or its
 * own price with pricing "manual"; parts done in parallel take as long as the longest, otherwise the sum.
 */
export function compositeTotals(
  settings: CompositeSettings,
  links: CompositeLinkReply[],
  own: { price_min: number; price_max: number },
) {
  const sumMin = links.reduce((total, link) => total + link.price_min, 0)
  const sumMax = links.reduce((total, link) => total + link.price_max, 0)
  const sumDuration = links.reduce((total, link) => total + link.duration, 0)
  const duration =
    settings.exec_order === 'parallel' ? Math.max(0, ...links.map((link) => link.duration)) : sumDuration
  const factor = settings.pricing_type === 'discount' ? (100 - settings.price_discount_percent) / 100 : 1
  const prices =
    settings.pricing_type === 'manual'
      ? own
      : { price_min: Math.round(sumMin * factor), price_max: Math.round(sumMax * factor) }
  return { ...prices, duration, services_duration: sumDuration }
}
