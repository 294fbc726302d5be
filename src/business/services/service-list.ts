import type { ServiceCategory } from '../../../contract/service-categories/schemas'
import type { Service } from '../../../contract/services/schemas'

export const serviceStatusFilters = ['all', 'active', 'inactive', 'online'] as const
export type ServiceStatusFilter = (typeof serviceStatusFilters)[number]

export interface ServiceListFilter {
  /** Words the title must contain, in any case; a word found in a translation of the title counts too. */
  query: string
  status: ServiceStatusFilter
}

const matchesStatus = (service: Service, status: ServiceStatusFilter) =>
  status === 'all' ||
  (status === 'active' && service.active === 1) ||
  (status === 'inactive' && service.active === 0) ||
  (status === 'online' && service.is_online)

/**
 * What a search looks in: the title and its translations, so that a receptionist who types the English name of
 * a service on a Russian menu finds it.
 */
const searchableText = (service: Service) =>
  [service.title, ...(service.translations ?? []).map((item) => item.translation)]
    .join('\n')
    .toLocaleLowerCase()

/** The services that pass the filter, by category in the categories' order; categories left empty are dropped. */
export function servicesByCategory(
  categories: ServiceCategory[],
  services: Service[],
  filter: ServiceListFilter,
): { category: ServiceCategory; services: Service[] }[] {
  const words = filter.query.toLocaleLowerCase().split(/\s+/).filter(Boolean)
  const shown = services.filter(
    (service) =>
      matchesStatus(service, filter.status) && words.every((word) => searchableText(service).includes(word)),
  )
  return categories
    .map((category) => ({
      category,
      services: shown.filter((service) => service.category_id === category.id),
    }))
    .filter((group) => group.services.length > 0)
}

/** How many services the list shows at first, and how many more each "show more" adds. */
export const SERVICES_PAGE = 50

/**
 * The first `limit` services of the grouped list, groups cut where the limit falls, with how many pass the
 * filter in all: a chain's menu of thousands shows at once, and the rest follows on request.
 */
export function firstServices<G extends { services: Service[] }>(
  groups: G[],
  limit: number,
): { groups: G[]; shown: number; total: number } {
  const total = groups.reduce((sum, group) => sum + group.services.length, 0)
  const cut: G[] = []
  let left = limit
  for (const group of groups) {
    if (left <= 0) break
    cut.push(group.services.length <= left ? group : { ...group, services: group.services.slice(0, left) })
    left -= group.services.length
  }
  return { groups: cut, shown: Math.min(limit, total), total }
}
