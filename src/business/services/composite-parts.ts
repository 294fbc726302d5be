import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { compositeTotals, defaultCompositeSettings } from '../../../contract/services/composite-rules'
import type { Service } from '../../../contract/services/schemas'
import type { CompositePart } from '../../../machines/composite-status'
import type { CompositeDraft } from '../../../machines/service-editor'

/** A service as a part of a composite: clients can book it while it is active. */
export const partOf = (service: Service): CompositePart => ({
  serviceId: service.id,
  title: service.title,
  bookable: service.active === 1,
})

/**
 * The parts of a composite, in order, as the catalogue now has them: a part whose service was switched off
 * since counts as not bookable, one that was deleted is gone.
 */
export function partsOfComposite(service: Service | null, catalogue: Service[]): CompositePart[] {
  if (!service?.is_composite) return []
  const byId = new Map(catalogue.map((item) => [item.id, item]))
  return [...service.composite_details.links]
    .sort((a, b) => a.position - b.position)
    .flatMap((link) => {
      const found = byId.get(link.service_id)
      return found ? [partOf(found)] : []
    })
}

/** The plain services that can still be added: a composite is never a part, and no service is a part twice. */
export const partChoicesOf = (catalogue: Service[], parts: CompositePart[]) =>
  catalogue.filter((service) => !service.is_composite && !parts.some((part) => part.serviceId === service.id))

/** What the composite saves: its parts in order, and the discount on their sum (none: the plain sum). */
export const compositeDraftOf = (parts: CompositePart[], discountPercent: number): CompositeDraft => ({
  links: parts.map((part) => ({ service_id: part.serviceId })),
  pricing_type: discountPercent > 0 ? 'discount' : 'sum',
  price_discount_percent: discountPercent,
})

/** How long the composite takes and what it costs, from its parts' own durations and prices. */
export function compositeTotalsOf(parts: CompositePart[], catalogue: Service[], discountPercent: number) {
  const byId = new Map(catalogue.map((item) => [item.id, item]))
  const services = parts.flatMap((part) => byId.get(part.serviceId) ?? [])
  return compositeTotals(
    {
      ...defaultCompositeSettings,
      pricing_type: discountPercent > 0 ? 'discount' : 'sum',
      price_discount_percent: discountPercent,
    },
    services,
    { price_min: 0, price_max: 0 },
  )
}

/**
 * Checks a composite's own fields: it is made of at least one service (two make it bookable, but it may be
 * saved before that), and the discount is a whole percent. Answers what to save, or what is wrong.
 */
export function checkCompositeParts(
  parts: CompositePart[],
  discountText: string,
): { draft: CompositeDraft | null; problems: { parts?: MessageDescriptor; discount?: MessageDescriptor } } {
  const problems: { parts?: MessageDescriptor; discount?: MessageDescriptor } = {}
  if (parts.length === 0) problems.parts = msg`Add at least one service to the composite.`
  const discount =
    discountText.trim() === '' ? 0 : /^\d{1,3}$/.test(discountText.trim()) ? Number(discountText) : null
  if (discount === null || discount > 100)
    problems.discount = msg`Enter the discount as a whole percent, 0 to 100.`
  if (Object.keys(problems).length > 0 || discount === null) return { draft: null, problems }
  return { draft: compositeDraftOf(parts, discount), problems }
}

/** The discount the form starts from: the composite's own, or none. */
export const discountTextOf = (service: Service | null) =>
  service?.is_composite && service.composite_details.pricing_type === 'discount'
    ? String(service.composite_details.price_discount_percent)
    : '0'
