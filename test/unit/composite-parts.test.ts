import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { serviceSchema, type ServiceReply } from '../../contract/services/schemas'
import {
  checkCompositeParts,
  compositeTotalsOf,
  discountTextOf,
  partChoicesOf,
  partsOfComposite,
} from '../../src/business/services/composite-parts'
import { serviceReply } from '../support/catalogue-replies'

const plain = (id: number, title: string, active: 0 | 1, duration: number, price: number) =>
  v.parse(
    serviceSchema,
    serviceReply({ id, title, category_id: 7, active, duration, price_min: price, price_max: price }),
  )
const manicure = plain(21, 'Manicure', 1, 3600, 1200)
const polish = plain(22, 'Gel polish', 0, 1800, 800)
const link = (service_id: number, position: number) => ({
  id: position,
  service_id,
  position,
  title: '',
  duration: 0,
  price_min: 0,
  price_max: 0,
  primary_price_min: 0,
  primary_price_max: 0,
  has_masters: false,
  is_multi: false,
  resource_ids: [],
  salon_id: 5,
  category_id: 7,
})
const composite = v.parse(serviceSchema, {
  ...serviceReply({ id: 30, title: 'Hands', category_id: 7 }),
  is_composite: true,
  description: '',
  composite_details: {
    status: 'not_configured',
    exec_order: 'sequential_multi',
    pricing_type: 'discount',
    price_discount_percent: 15,
    // Stored out of order, and one part whose service has since been deleted (id 99).
    links: [link(22, 2), link(99, 3), link(21, 1)],
  },
} satisfies ServiceReply)
const catalogue = [manicure, polish, composite]

describe('the parts of a composite in its editor', () => {
  it('lists the parts in order, a switched-off one as not bookable, a deleted one gone', () => {
    expect(partsOfComposite(composite, catalogue)).toEqual([
      { serviceId: 21, title: 'Manicure', bookable: true },
      { serviceId: 22, title: 'Gel polish', bookable: false },
    ])
    expect(partsOfComposite(manicure, catalogue)).toEqual([])
  })

  it('offers the plain services not yet used, never a composite', () => {
    const parts = partsOfComposite(composite, catalogue).slice(0, 1)
    expect(partChoicesOf(catalogue, parts).map((service) => service.id)).toEqual([22])
  })

  it('starts from the composite’s own discount', () => {
    expect(discountTextOf(composite)).toBe('15')
    expect(discountTextOf(null)).toBe('0')
  })

  it('totals the parts, less the discount', () => {
    const parts = partsOfComposite(composite, catalogue)
    expect(compositeTotalsOf(parts, catalogue, 10)).toMatchObject({
      duration: 5400,
      price_min: 1800,
      price_max: 1800,
    })
  })

  it('saves the parts in order with the discount, or says what is wrong', () => {
    const parts = partsOfComposite(composite, catalogue)
    expect(checkCompositeParts(parts, '10').draft).toEqual({
      links: [{ service_id: 21 }, { service_id: 22 }],
      pricing_type: 'discount',
      price_discount_percent: 10,
    })
    expect(checkCompositeParts(parts, '').draft).toMatchObject({
      pricing_type: 'sum',
      price_discount_percent: 0,
    })
    expect(Object.keys(checkCompositeParts([], '0').problems)).toEqual(['parts'])
    expect(Object.keys(checkCompositeParts(parts, '101').problems)).toEqual(['discount'])
    expect(Object.keys(checkCompositeParts(parts, '5.5').problems)).toEqual(['discount'])
  })
})
