import { and, eq, inArray, ne } from 'drizzle-orm'
import type { FieldErrors } from '../../../contract/envelope'
import type { ServiceCreate, ServiceUpdate } from '../../../contract/services/schemas'
import {
  readServiceOptions,
  serviceOptionDefaults,
  serviceOptionEntries,
  type ServiceOptions,
} from '../../../contract/services/service-options'
import type { Database } from '../../db/database'
import { serviceCategories, serviceCompositeLinks, services, serviceStaff, staff } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { dropServiceImageRows } from '../images/service-image'
import { defaultCompositeSettings } from '../../../contract/services/composite-rules'
import { mergeCompositeSettings, readCompositeSettings } from './composite'
import { loadService } from './services-view'

type ServiceRow = typeof services.$inferSelect
type ServiceInput = ServiceUpdate & { is_composite?: boolean }

const invalid = (fieldErrors: FieldErrors) =>
  new HttpError(422, /*i18n*/ 'Validation failed', { fieldErrors })

/** The option fields of an input, on top of the current ones. */
function mergeOptions(current: ServiceOptions, input: ServiceInput): ServiceOptions {
  const merged = { ...current }
  for (const key of Object.keys(serviceOptionEntries) as (keyof ServiceOptions)[]) {
    if (input[key] !== undefined) Object.assign(merged, { [key]: input[key] })
  }
  return merged
}

/** The fields of a salon's copy of a chain service that only the chain changes (chain_services). */
const chainOwnedFields = [
  ['title', 'title'],
  ['is_chain', 'isChain'],
  ['chain_price_min', 'chainPriceMin'],
  ['chain_price_max', 'chainPriceMax'],
  ['chain_comment', 'chainComment'],
  ['is_price_managed_only_in_chain', 'isPriceManagedOnlyInChain'],
  ['is_comment_managed_only_in_chain', 'isCommentManagedOnlyInChain'],
] as const

/**
 * A salon's copy of a chain service takes its title and chain details from the chain, and its price (or
 * comment) too where the chain manages it: a save that would change one of them is refused, field by field.
 * Sending the value the copy already has is no change, so a form that sends everything still saves.
 */
function refuseChainOwnedChanges(current: ServiceRow, input: ServiceInput, errors: FieldErrors) {
  const managed = ['is managed by the chain']
  for (const [field, column] of chainOwnedFields) {
    if (input[field] !== undefined && input[field] !== current[column]) errors[field] = managed
  }
  if (current.isPriceManagedOnlyInChain) {
    if (input.price_min !== undefined && input.price_min !== current.chainPriceMin) errors.price_min = managed
    if (input.price_max !== undefined && input.price_max !== current.chainPriceMax) errors.price_max = managed
  }
  if (
    current.isCommentManagedOnlyInChain &&
    input.comment !== undefined &&
    input.comment !== current.chainComment
  )
    errors.comment = managed
}

/** The row a service will have after the input, checked for the rules that span several fields. */
async function nextState(
  db: Database,
  companyId: number,
  chainId: number | null,
  current: ServiceRow | null,
  input: ServiceInput,
) {
  const errors: FieldErrors = {}
  const categoryId = input.category_id ?? current?.categoryId
  if (input.category_id !== undefined) {
    const [category] = await db
      .select({ id: serviceCategories.id })
      .from(serviceCategories)
      .where(
        and(
          eq(serviceCategories.id, input.category_id),
          eq(serviceCategories.companyId, companyId),
          eq(serviceCategories.deleted, 0),
        ),
      )
    if (!category) errors.category_id = ['There is no such category in this company']
  }
  if (current?.chainServiceId != null) refuseChainOwnedChanges(current, input, errors)
  const isChain = input.is_chain ?? current?.isChain ?? false
  const chainPriceMin =
    input.chain_price_min !== undefined ? input.chain_price_min : (current?.chainPriceMin ?? null)
  const chainPriceMax =
    input.chain_price_max !== undefined ? input.chain_price_max : (current?.chainPriceMax ?? null)
  const priceManaged = input.is_price_managed_only_in_chain ?? current?.isPriceManagedOnlyInChain ?? false
  const commentManaged =
    input.is_comment_managed_only_in_chain ?? current?.isCommentManagedOnlyInChain ?? false
  let priceMin = input.price_min ?? current?.priceMin ?? 0
  let priceMax = input.price_max ?? current?.priceMax ?? priceMin

  if (isChain && chainId === null) errors.is_chain = ['The company is not part of a chain']
  if ((priceManaged || commentManaged) && !isChain) {
    errors[priceManaged ? 'is_price_managed_only_in_chain' : 'is_comment_managed_only_in_chain'] = [
      'applies only to chain services',
    ]
  }
  const chainRangeBroken = chainPriceMin !== null && chainPriceMax !== null && chainPriceMin > chainPriceMax
  if (chainRangeBroken) {
    errors.chain_price_max = ['must not be below chain_price_min']
  } else if (isChain && priceManaged) {
    // The chain sets the price: the salon's own price follows it.
    if (chainPriceMin === null || chainPriceMax === null) {
      errors.chain_price_min = ['is required when the price is managed only in the chain']
    } else {
      priceMin = chainPriceMin
      priceMax = chainPriceMax
    }
  } else if (isChain && chainPriceMin !== null && chainPriceMax !== null) {
    if (priceMin < chainPriceMin || priceMin > chainPriceMax)
      errors.price_min = ["must be within the chain's price range"]
    if (priceMax < chainPriceMin || priceMax > chainPriceMax)
      errors.price_max = ["must be within the chain's price range"]
  }
  if (priceMax < priceMin && !errors.price_max) errors.price_max = ['must not be below price_min']

  if (input.staff && input.staff.length > 0) {
    const ids = input.staff.map((member) => member.id)
    const found = await db
      .select({ id: staff.id })
      .from(staff)
      .where(and(eq(staff.companyId, companyId), eq(staff.deleted, 0), inArray(staff.id, ids)))
    if (found.length !== ids.length) errors.staff = ['must name only employees of this company']
  }
  const isComposite = current ? current.isComposite : (input.is_composite ?? false)
  if (!isComposite && input.composite_details)
    errors.composite_details = ['applies only to composite services']
  const links = input.composite_details?.links
  if (isComposite && links && links.length > 0) {
    const ids = links.map((link) => link.service_id)
    const parts = await db
      .select({ id: services.id })
      .from(services)
      .where(
        and(
          eq(services.companyId, companyId),
          eq(services.deleted, 0),
          eq(services.isComposite, false),
          inArray(services.id, ids),
        ),
      )
    if (new Set(parts.map((part) => part.id)).size !== new Set(ids).size) {
      errors['composite_details.links'] = ['must name only plain services of this company']
    }
  }
  if (Object.keys(errors).length > 0) throw invalid(errors)
  return {
    categoryId: categoryId!,
    isChain,
    chainPriceMin,
    chainPriceMax,
    priceManaged,
    commentManaged,
    priceMin,
    priceMax,
    isComposite,
  }
}

/** Replaces the employees who provide the service. */
async function replaceStaffLinks(
  db: Database,
  companyId: number,
  service: { id: number; duration: number },
  members: NonNullable<ServiceInput['staff']>,
) {
  const removed = await db
    .delete(serviceStaff)
    .where(and(eq(serviceStaff.serviceId, service.id), eq(serviceStaff.companyId, companyId)))
    .returning({ staffId: serviceStaff.staffId, price: serviceStaff.price })
  if (members.length === 0) return
  const pricesBefore = new Map(removed.map((link) => [link.staffId, link.price]))
  await db.insert(serviceStaff).values(
    members.map((member) => ({
      companyId,
      serviceId: service.id,
      staffId: member.id,
      seanceLength: member.seance_length ?? Math.max(service.duration, 300),
      technologicalCardId: member.technological_card_id ?? null,
      price: member.price === undefined ? (pricesBefore.get(member.id) ?? null) : member.price,
    })),
  )
}

/** Replaces the parts of a composite, in the order given. */
async function replaceCompositeLinks(
  db: Database,
  companyId: number,
  compositeId: number,
  links: NonNullable<NonNullable<ServiceInput['composite_details']>['links']>,
) {
  await db
    .delete(serviceCompositeLinks)
    .where(
      and(eq(serviceCompositeLinks.compositeId, compositeId), eq(serviceCompositeLinks.companyId, companyId)),
    )
  if (links.length === 0) return
  await db.insert(serviceCompositeLinks).values(
    links.map((link, index) => ({
      companyId,
      compositeId,
      serviceId: link.service_id,
      position: index + 1,
      duration: link.duration,
      priceMin: link.price_min,
      priceMax: link.price_max,
    })),
  )
}

export async function createService(
  db: Database,
  companyId: number,
  chainId: number | null,
  input: ServiceCreate,
) {
  const state = await nextState(db, companyId, chainId, null, input)
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(services)
      .values({
        companyId,
        categoryId: state.categoryId,
        title: input.title,
        priceMin: state.priceMin,
        priceMax: state.priceMax,
        duration: input.duration ?? 3600,
        active: input.active ?? 1,
        weight: input.weight ?? 0,
        comment: input.comment ?? '',
        isOnline: input.is_online ?? true,
        technicalBreakDuration: input.technical_break_duration ?? 0,
        isComposite: state.isComposite,
        description: input.description ?? '',
        compositeSettings: state.isComposite
          ? mergeCompositeSettings(defaultCompositeSettings, input.composite_details ?? {})
          : null,
        isChain: state.isChain,
        chainPriceMin: state.chainPriceMin,
        chainPriceMax: state.chainPriceMax,
        chainComment: input.chain_comment ?? '',
        isPriceManagedOnlyInChain: state.priceManaged,
        isCommentManagedOnlyInChain: state.commentManaged,
        translations: input.translations ?? [],
        options: mergeOptions(serviceOptionDefaults, input),
      })
      .returning()
    if (input.staff) await replaceStaffLinks(tx, companyId, row!, input.staff)
    if (state.isComposite && input.composite_details?.links) {
      await replaceCompositeLinks(tx, companyId, row!.id, input.composite_details.links)
    }
    return row!.id
  })
  return (await loadService(db, companyId, id))!
}

/**
 * Changes the fields sent. The row is locked for the read-modify-write, so two saves of different fields at
 * once both land.
 */
export async function updateService(
  db: Database,
  companyId: number,
  chainId: number | null,
  id: number,
  input: ServiceUpdate,
) {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(services)
      .where(and(eq(services.id, id), eq(services.companyId, companyId), eq(services.deleted, 0)))
      .for('update')
    if (!current) throw new HttpError(404, /*i18n*/ 'Service not found')
    if (input.expected_version !== undefined && input.expected_version !== current.version) {
      throw new HttpError(409, /*i18n*/ 'The service was changed by someone else since this copy was opened')
    }
    const state = await nextState(tx, companyId, chainId, current, input)
    await tx
      .update(services)
      .set({
        version: current.version + 1,
        categoryId: state.categoryId,
        priceMin: state.priceMin,
        priceMax: state.priceMax,
        isChain: state.isChain,
        chainPriceMin: state.chainPriceMin,
        chainPriceMax: state.chainPriceMax,
        isPriceManagedOnlyInChain: state.priceManaged,
        isCommentManagedOnlyInChain: state.commentManaged,
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.duration === undefined ? {} : { duration: input.duration }),
        ...(input.active === undefined ? {} : { active: input.active }),
        ...(input.weight === undefined ? {} : { weight: input.weight }),
        ...(input.comment === undefined ? {} : { comment: input.comment }),
        ...(input.is_online === undefined ? {} : { isOnline: input.is_online }),
        ...(input.technical_break_duration === undefined
          ? {}
          : { technicalBreakDuration: input.technical_break_duration }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.chain_comment === undefined ? {} : { chainComment: input.chain_comment }),
        ...(input.translations === undefined ? {} : { translations: input.translations }),
        ...(input.composite_details && current.isComposite
          ? {
              compositeSettings: mergeCompositeSettings(
                readCompositeSettings(current.compositeSettings),
                input.composite_details,
              ),
            }
          : {}),
        ...(input.delete_image ? { imageGroupId: null } : {}),
        options: mergeOptions(readServiceOptions(current.options), input),
      })
      .where(eq(services.id, id))
    // The pictures' files stay on disk: their names are never reused, and nothing points at them any more.
    if (input.delete_image) await dropServiceImageRows(tx, companyId, current.imageGroupId)
    if (input.staff) {
      await replaceStaffLinks(
        tx,
        companyId,
        { id, duration: input.duration ?? current.duration },
        input.staff,
      )
    }
    if (current.isComposite && input.composite_details?.links) {
      await replaceCompositeLinks(tx, companyId, id, input.composite_details.links)
    }
  })
  return (await loadService(db, companyId, id))!
}

/**
 * Deletes softly, so that records keep their service. A service that is part of a composite must be taken out
 * of it first: the composite would silently change otherwise.
 */
export async function deleteService(db: Database, companyId: number, id: number): Promise<void> {
  const [current] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.id, id), eq(services.companyId, companyId), eq(services.deleted, 0)))
  if (!current) throw new HttpError(404, /*i18n*/ 'Service not found')
  const [usedBy] = await db
    .select({ id: serviceCompositeLinks.compositeId })
    .from(serviceCompositeLinks)
    .innerJoin(services, eq(services.id, serviceCompositeLinks.compositeId))
    .where(and(eq(serviceCompositeLinks.serviceId, id), eq(services.deleted, 0), ne(services.id, id)))
  if (usedBy)
    throw new HttpError(
      409,
      /*i18n*/ 'The service is part of a composite service; remove it from there first',
    )
  await db
    .update(services)
    .set({ deleted: 1 })
    .where(and(eq(services.id, id), eq(services.companyId, companyId)))
}
