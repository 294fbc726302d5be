import { and, asc, desc, eq, inArray, ne, or, type SQL } from 'drizzle-orm'
import type { ServiceReply } from '../../../contract/services/schemas'
import { readServiceOptions } from '../../../contract/services/service-options'
import type { Database } from '../../db/database'
import {
  companies,
  companyGroups,
  serviceCategories,
  serviceCompositeLinks,
  serviceResources,
  services,
  serviceStaff,
  staff,
} from '../../db/schema'
import { currentImageUrl, loadImageGroups } from '../images/image-groups'
import {
  compositeStatus,
  compositeTotals,
  type CompositeLinkReply,
} from '../../../contract/services/composite-rules'
import { readCompositeSettings } from './composite'

type ServiceRow = typeof services.$inferSelect

const groupBy = <T, K>(items: T[], key: (item: T) => K) => {
  const map = new Map<K, T[]>()
  for (const item of items) {
    const group = map.get(key(item))
    if (group) group.push(item)
    else map.set(key(item), [item])
  }
  return map
}

const orderedLinks = [asc(serviceCompositeLinks.position), asc(serviceCompositeLinks.id)]

/**
 * The services of one company that match `where` (deleted ones never), as the API shows them: with their
 * employees, images, resources, chain details and, for composites, their parts and computed totals.
 *
 * The whole menu (no `where`) is read once, with the company's links; a part of it (one service, a category) reads
 * only what its services name: their composites' parts, the composites they are part of, and the links of those.
 */
export async function loadServices(db: Database, companyId: number, where?: SQL): Promise<ServiceReply[]> {
  const rows = await db
    .select({ row: services, categoryTitle: serviceCategories.title })
    .from(services)
    .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .where(and(eq(services.companyId, companyId), eq(services.deleted, 0), where))
    .orderBy(desc(services.weight), asc(services.title), asc(services.id))
  if (rows.length === 0) return []
  const listed = rows.map(({ row }) => row)
  const wholeMenu = where === undefined

  const listedIds = listed.map((service) => service.id)
  const listedComposites = listed.filter((service) => service.isComposite).map((service) => service.id)
  const compositeLinks = await db
    .select()
    .from(serviceCompositeLinks)
    .where(
      and(
        eq(serviceCompositeLinks.companyId, companyId),
        wholeMenu
          ? undefined
          : or(
              inArray(serviceCompositeLinks.serviceId, listedIds),
              listedComposites.length > 0
                ? inArray(serviceCompositeLinks.compositeId, listedComposites)
                : undefined,
            ),
      ),
    )
    .orderBy(...orderedLinks)

  // Composite parts and the composites a listed service is part of may lie outside `where`: they are read too.
  const byId = new Map(listed.map((service) => [service.id, service]))
  const outside = [...new Set(compositeLinks.flatMap((link) => [link.compositeId, link.serviceId]))].filter(
    (id) => !byId.has(id),
  )
  if (outside.length > 0) {
    const others = await db
      .select()
      .from(services)
      .where(and(eq(services.companyId, companyId), eq(services.deleted, 0), inArray(services.id, outside)))
    for (const service of others) byId.set(service.id, service)
  }
  const liveComposites = new Set(
    [...byId.values()].filter((service) => service.isComposite).map((service) => service.id),
  )
  const liveLinks = compositeLinks.filter((link) => liveComposites.has(link.compositeId))
  const partsByComposite = groupBy(liveLinks, (link) => link.compositeId)
  const linkedToComposite = new Set(liveLinks.map((link) => link.serviceId))

  // Employees and resources of every service shown: the listed ones and their composites' parts.
  const shownIds = wholeMenu ? undefined : [...byId.keys()]
  const staffLinks = await db
    .select({
      serviceId: serviceStaff.serviceId,
      staffId: staff.id,
      name: staff.name,
      imageGroupId: staff.imageGroupId,
      seanceLength: serviceStaff.seanceLength,
      price: serviceStaff.price,
      technologicalCardId: serviceStaff.technologicalCardId,
    })
    .from(serviceStaff)
    .innerJoin(staff, eq(staff.id, serviceStaff.staffId))
    .where(
      and(
        eq(serviceStaff.companyId, companyId),
        eq(staff.deleted, 0),
        eq(staff.fired, 0),
        shownIds && inArray(serviceStaff.serviceId, shownIds),
      ),
    )
    .orderBy(desc(staff.weight), asc(staff.id))
  const linksByService = groupBy(staffLinks, (link) => link.serviceId)

  const resourceRows = await db
    .select({ serviceId: serviceResources.serviceId, resourceId: serviceResources.resourceId })
    .from(serviceResources)
    .where(
      and(
        eq(serviceResources.companyId, companyId),
        shownIds && inArray(serviceResources.serviceId, shownIds),
      ),
    )
  const resourcesByService = groupBy(resourceRows, (row) => row.serviceId)
  const resourcesOf = (serviceId: number) =>
    (resourcesByService.get(serviceId) ?? []).map((row) => row.resourceId).sort((a, b) => a - b)

  const groups = await loadImageGroups(db, companyId, [
    ...listed.map((service) => service.imageGroupId),
    ...staffLinks.map((link) => link.imageGroupId),
  ])
  const [chain] = listed.some((service) => service.isChain)
    ? await db
        .select({ title: companyGroups.title })
        .from(companies)
        .innerJoin(companyGroups, eq(companyGroups.id, companies.mainGroupId))
        .where(eq(companies.id, companyId))
    : []

  const toLink = (link: typeof serviceCompositeLinks.$inferSelect): CompositeLinkReply | null => {
    const part = byId.get(link.serviceId)
    if (!part) return null
    return {
      id: link.id,
      service_id: part.id,
      position: link.position,
      title: part.title,
      duration: link.duration ?? part.duration,
      price_min: link.priceMin ?? part.priceMin,
      price_max: link.priceMax ?? part.priceMax,
      primary_price_min: part.priceMin,
      primary_price_max: part.priceMax,
      has_masters: (linksByService.get(part.id) ?? []).length > 0,
      is_multi: readServiceOptions(part.options).is_multi,
      resource_ids: resourcesOf(part.id),
      salon_id: companyId,
      category_id: part.categoryId,
    }
  }

  return rows.map(({ row, categoryTitle }) => {
    const group = row.imageGroupId === null ? null : (groups.get(row.imageGroupId) ?? null)
    // Spreads come last in these literals: properties added after a spread make V8 build each object the slow way
    // (about 150 µs a service for this one, most of a long menu's time; docs/performance.md).
    const base = {
      id: row.id,
      salon_id: row.companyId,
      salon_service_id: row.id,
      title: row.title,
      original_title: row.title,
      category_id: row.categoryId,
      is_category: false as const,
      category: { id: row.categoryId, title: categoryTitle },
      price_min: row.priceMin,
      price_max: row.priceMax,
      comment: row.isCommentManagedOnlyInChain ? row.chainComment : row.comment,
      weight: row.weight,
      version: row.version,
      active: row.active === 1 ? (1 as const) : (0 as const),
      duration: row.duration,
      services_duration: row.duration,
      technical_break_duration: row.technicalBreakDuration,
      default_technical_break_duration: row.technicalBreakDuration,
      salon_group_service_link: row.chainServiceId,
      salon_group_title: row.isChain ? (chain?.title ?? '') : '',
      image: currentImageUrl(group),
      images: group?.images ?? [],
      image_group: group,
      resources: resourcesOf(row.id),
      is_chain: row.isChain,
      chain_price_min: row.isChain ? row.chainPriceMin : null,
      chain_price_max: row.isChain ? row.chainPriceMax : null,
      is_online: row.isOnline,
      delete_image: false,
      is_linked_to_composite: linkedToComposite.has(row.id),
      is_price_managed_only_in_chain: row.isPriceManagedOnlyInChain,
      is_comment_managed_only_in_chain: row.isCommentManagedOnlyInChain,
      salon_ids: [row.companyId],
      staff: (linksByService.get(row.id) ?? []).map((link) => ({
        id: link.staffId,
        seance_length: link.seanceLength,
        technological_card_id: link.technologicalCardId,
        image_url: currentImageUrl(link.imageGroupId === null ? null : groups.get(link.imageGroupId)),
        name: link.name,
        price: link.price ?? row.priceMin,
      })),
      translations: (row.translations as ServiceReply['translations']) ?? [],
      chain_details: row.isChain
        ? {
            is_comment_managed_only_in_chain: row.isCommentManagedOnlyInChain,
            is_price_managed_only_in_chain: row.isPriceManagedOnlyInChain,
            price_min: row.chainPriceMin,
            price_max: row.chainPriceMax,
            comment: row.chainComment,
          }
        : null,
      ...readServiceOptions(row.options),
    }
    if (!row.isComposite) return { is_composite: false as const, ...base }
    const settings = readCompositeSettings(row.compositeSettings)
    const links = (partsByComposite.get(row.id) ?? []).map(toLink).filter((link) => link !== null)
    const totals = compositeTotals(settings, links, { price_min: row.priceMin, price_max: row.priceMax })
    return {
      is_composite: true as const,
      description: row.description,
      composite_details: {
        ...settings,
        status: compositeStatus(links, (id) => byId.get(id)?.active === 1),
        links,
      },
      ...base,
      ...totals,
    }
  })
}

/** One live service of the company, or undefined. */
export async function loadService(db: Database, companyId: number, id: number) {
  const [service] = await loadServices(db, companyId, eq(services.id, id))
  return service
}

/** Used by categories: live services of the given categories. */
export const inCategories = (ids: number[]) => inArray(services.categoryId, ids.length > 0 ? ids : [0])
export const notComposite = () => ne(services.isComposite, true)
export type { ServiceRow }
