import { i18n } from '@lingui/core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServiceCategory } from '../../contract/service-categories/schemas'
import type { Service } from '../../contract/services/schemas'
import { formatDuration } from '../../src/business/services/service-format'
import { firstServices, servicesByCategory } from '../../src/business/services/service-list'
import { activateLanguage } from '../../src/i18n/activate'

const category = (id: number, title: string) => ({ id, title }) as ServiceCategory
const service = (id: number, title: string, categoryId: number, extra: Partial<Service> = {}) =>
  ({ id, title, category_id: categoryId, active: 1, is_online: false, ...extra }) as Service

const categories = [category(1, 'Hair'), category(2, 'Nails'), category(3, 'Empty')]
const services = [
  service(10, "Women's haircut", 1, { is_online: true }),
  service(11, "Men's haircut", 1, { active: 0 }),
  service(20, 'Gel polish manicure', 2),
]

const titles = (filter: Parameters<typeof servicesByCategory>[2]) =>
  servicesByCategory(categories, services, filter).map((group) => [
    group.category.title,
    group.services.map((item) => item.title),
  ])

describe('the service menu list', () => {
  it('groups services by category in the categories’ order and drops empty categories', () => {
    expect(titles({ query: '', status: 'all' })).toEqual([
      ['Hair', ["Women's haircut", "Men's haircut"]],
      ['Nails', ['Gel polish manicure']],
    ])
  })

  it('searches titles by every word, in any case', () => {
    expect(titles({ query: 'HAIRCUT women', status: 'all' })).toEqual([['Hair', ["Women's haircut"]]])
    expect(titles({ query: 'pedicure', status: 'all' })).toEqual([])
  })

  it('finds a service by a word of its title in another language', () => {
    const menu = [
      service(30, 'Маникюр с покрытием', 2, {
        translations: [{ language_id: 2, translation: 'Gel manicure' }],
      }),
      service(31, 'Педикюр', 2, { translations: [] }),
    ]
    const found = (query: string) =>
      servicesByCategory(categories, menu, { query, status: 'all' }).flatMap((group) =>
        group.services.map((item) => item.id),
      )
    expect(found('gel MANICURE')).toEqual([30])
    expect(found('маникюр gel')).toEqual([30])
    // Every word must be found, in the title or a translation.
    expect(found('gel pedicure')).toEqual([])
  })

  it('filters by status', () => {
    expect(titles({ query: '', status: 'inactive' })).toEqual([['Hair', ["Men's haircut"]]])
    expect(titles({ query: '', status: 'online' })).toEqual([['Hair', ["Women's haircut"]]])
    expect(titles({ query: '', status: 'active' }).flatMap(([, list]) => list)).toHaveLength(2)
  })
})

describe('durations as the list shows them', () => {
  beforeAll(() => activateLanguage('ru'))

  it('says hours and minutes in the user’s language', () => {
    expect(formatDuration(i18n, 45 * 60)).toBe('45 мин')
    expect(formatDuration(i18n, 2 * 3600)).toBe('2 ч')
    expect(formatDuration(i18n, 5400)).toBe('1 ч 30 мин')
  })
})

describe('the first page of the service list', () => {
  const group = (category: number, count: number) => ({
    category,
    services: Array.from({ length: count }, (_, index) =>
      service(category * 100 + index, `S${index}`, category),
    ),
  })

  it('cuts the groups where the limit falls and counts all that pass the filter', () => {
    const page = firstServices([group(1, 3), group(2, 4), group(3, 2)], 5)
    expect(page.groups.map((shown) => [shown.category, shown.services.length])).toEqual([
      [1, 3],
      [2, 2],
    ])
    expect(page).toMatchObject({ shown: 5, total: 9 })
  })

  it('shows everything when the list is shorter than the limit', () => {
    const groups = [group(1, 2)]
    expect(firstServices(groups, 50)).toEqual({ groups, shown: 2, total: 2 })
  })
})
