import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { serviceCategorySchema } from '../../contract/service-categories/schemas'
import { serviceListSchema, serviceSchema } from '../../contract/services/schemas'
import { readServiceOptions, serviceOptionDefaults } from '../../contract/services/service-options'

const plain = {
  ...serviceOptionDefaults,
  id: 1,
  salon_id: 1,
  salon_service_id: 1,
  title: 'Haircut',
  original_title: 'Haircut',
  category_id: 3,
  is_category: false,
  category: { id: 3, title: 'Hair' },
  price_min: 100,
  price_max: 200,
  comment: '',
  weight: 0,
  active: 1,
  duration: 3600,
  services_duration: 3600,
  technical_break_duration: 0,
  default_technical_break_duration: 0,
  salon_group_service_link: null,
  salon_group_title: '',
  image: '',
  images: [],
  image_group: null,
  resources: [],
  is_chain: false,
  chain_price_min: null,
  chain_price_max: null,
  is_online: true,
  delete_image: false,
  is_linked_to_composite: false,
  is_price_managed_only_in_chain: false,
  is_comment_managed_only_in_chain: false,
  salon_ids: [1],
  staff: [],
  translations: [],
  chain_details: null,
  is_composite: false,
}
const composite = {
  ...plain,
  id: 2,
  is_composite: true,
  description: 'Two in one',
  composite_details: {
    status: 'not_configured',
    exec_order: 'sequential_multi',
    pricing_type: 'sum',
    price_discount_percent: 0,
    links: [],
  },
}

describe('the service contract', () => {
  it('parses list items as composite or plain by is_composite', () => {
    const [first, second] = v.parse(serviceListSchema, [plain, composite])
    expect(first!.kind).toBe('service')
    expect(second!.kind).toBe('services-composite')
    if (second!.kind === 'services-composite') expect(second!.composite_details.status).toBe('not_configured')
  })

  it('refuses a composite without its details', () => {
    const { composite_details: _omitted, ...broken } = composite
    expect(v.safeParse(serviceSchema, broken).success).toBe(false)
  })

  it('fills the defaults of stored options and ignores invalid ones', () => {
    const options = readServiceOptions({ service_type: 0, prepaid: 'required', date_from: '2025-01-01' })
    expect(options).toMatchObject({
      service_type: 1,
      prepaid: 'required',
      date_from: '2025-01-01',
      date_to: '0000-00-00',
    })
  })
})

describe('the service category contract', () => {
  const category = {
    id: 1,
    api_id: '',
    title: 'Hair',
    staff: [],
    service_count: 0,
    services_count: 0,
    weight: 0,
    is_chain: false,
    is_new_category: false,
    is_category: true,
    booking_title: '',
    sex: 0,
    salon_ids: [1],
    translations: [],
  }

  it('reads services that are not a list as an empty list', () => {
    expect(v.parse(serviceCategorySchema, { ...category, services: {} }).services).toEqual([])
    expect(v.parse(serviceCategorySchema, { ...category, services: null }).services).toEqual([])
    expect(v.parse(serviceCategorySchema, category).services).toEqual([])
    expect(v.parse(serviceCategorySchema, { ...category, services: [plain] }).services[0]!.kind).toBe(
      'service',
    )
  })
})
