import { and, eq, sql } from 'drizzle-orm'
import type { RightFlag } from '../../../contract/access/rights-catalogue'
import type {
  ChainService,
  ChainServiceCreate,
  ChainServiceUpdate,
} from '../../../contract/chain-services/schemas'
import type { FieldErrors } from '../../../contract/envelope'
import type { Database } from '../../db/database'
import { chainServices, serviceCategories, services } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import type { RecordChange } from '../change-log/request-audit'
import { requireFlagsInSalons, type ChainMembership } from './chain-members'
import { loadChainServices } from './chain-services-view'

type ChainServiceRow = typeof chainServices.$inferSelect
type SalonServiceRow = typeof services.$inferSelect
type ChainServiceInput = ChainServiceUpdate

const invalid = (fieldErrors: FieldErrors) =>
  new HttpError(422, /*i18n*/ 'Validation failed', { fieldErrors })

/** The chain service's fields after the input, checked for the rules that span several fields. */
function nextChainState(chain: ChainMembership, current: ChainServiceRow | null, input: ChainServiceInput) {
  const errors: FieldErrors = {}
  const priceMin = input.price_min ?? current?.priceMin ?? 0
  const priceMax = input.price_max ?? current?.priceMax ?? priceMin
  if (priceMax < priceMin) errors.price_max = ['must not be below price_min']
  const foreign = (input.salon_ids ?? []).filter((id) => !chain.salonIds.includes(id))
  if (foreign.length > 0) errors.salon_ids = ['must name only salons of this chain']
  if (Object.keys(errors).length > 0) throw invalid(errors)
  return {
    title: input.title ?? current!.title,
    categoryTitle: input.category_title ?? current!.categoryTitle,
    duration: input.duration ?? current!.duration,
    priceMin,
    priceMax,
    comment: input.comment ?? current?.comment ?? '',
    isPriceManagedOnlyInChain:
      input.is_price_managed_only_in_chain ?? current?.isPriceManagedOnlyInChain ?? false,
    isCommentManagedOnlyInChain:
      input.is_comment_managed_only_in_chain ?? current?.isCommentManagedOnlyInChain ?? false,
  }
}
type ChainState = ReturnType<typeof nextChainState>

/** Whether a change moves what any salon charges: the chain range or who manages the price. */
const changesPrices = (current: ChainServiceRow | null, next: ChainState) =>
  current === null
    ? next.priceMin !== 0 || next.priceMax !== 0 || next.isPriceManagedOnlyInChain
    : current.priceMin !== next.priceMin ||
      current.priceMax !== next.priceMax ||
      current.isPriceManagedOnlyInChain !== next.isPriceManagedOnlyInChain

/**
 * The rights a change needs: each flag in every salon it touches. A change that touches no salon (a chain
 * service linked nowhere) needs the flags in at least one salon of the chain, so that a member without any
 * say over services cannot fill the chain's catalogue.
 */
function requireRights(chain: ChainMembership, touched: Set<number>, flags: RightFlag[]) {
  if (touched.size > 0) return requireFlagsInSalons(chain, touched, flags)
  const anyHolder = chain.salonIds.some((salonId) => {
    const membership = chain.memberships.get(salonId)
    return membership !== null && membership !== undefined && flags.every((flag) => membership.rights[flag])
  })
  if (!anyHolder) requireFlagsInSalons(chain, chain.salonIds, flags)
}

/** The chain's fields as a salon's copy carries them; the price and comment depend on the copy (below). */
const chainFieldsOfCopy = (chainServiceId: number, next: ChainState) => ({
  chainServiceId,
  title: next.title,
  isChain: true,
  chainPriceMin: next.priceMin,
  chainPriceMax: next.priceMax,
  chainComment: next.comment,
  isPriceManagedOnlyInChain: next.isPriceManagedOnlyInChain,
  isCommentManagedOnlyInChain: next.isCommentManagedOnlyInChain,
})

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max)

/**
 * A salon's copy after a chain change: the price follows the chain when the chain manages it, else the salon's
 * own price is moved into the chain's range (docs/decisions.md, "Chain catalogue"); the comment follows the
 * chain when the chain manages it, else the salon keeps its own.
 */
async function propagateToCopy(
  tx: Database,
  chainServiceId: number,
  next: ChainState,
  copy: SalonServiceRow,
) {
  const priceMin = next.isPriceManagedOnlyInChain
    ? next.priceMin
    : clamp(copy.priceMin, next.priceMin, next.priceMax)
  const priceMax = next.isPriceManagedOnlyInChain
    ? next.priceMax
    : clamp(copy.priceMax, next.priceMin, next.priceMax)
  await tx
    .update(services)
    .set({
      ...chainFieldsOfCopy(chainServiceId, next),
      priceMin,
      priceMax,
      comment: next.isCommentManagedOnlyInChain ? next.comment : copy.comment,
      version: copy.version + 1,
    })
    .where(eq(services.id, copy.id))
}

/** The salon's live category of this name (any case), created when it has none. */
async function salonCategoryTitled(tx: Database, salonId: number, title: string): Promise<number> {
  const find = async () => {
    const [found] = await tx
      .select({ id: serviceCategories.id })
      .from(serviceCategories)
      .where(
        and(
          eq(serviceCategories.companyId, salonId),
          eq(serviceCategories.deleted, 0),
          sql`lower(${serviceCategories.title}) = lower(${title})`,
        ),
      )
      .limit(1)
    return found?.id
  }
  const existing = await find()
  if (existing !== undefined) return existing
  // A category of that name made meanwhile (another chain write, the owner) wins the unique index: use it.
  const [created] = await tx
    .insert(serviceCategories)
    .values({ companyId: salonId, title, isChain: true })
    .onConflictDoNothing()
    .returning({ id: serviceCategories.id })
  return created?.id ?? (await find())!
}

/** Gives a salon its copy, in its category of the chain service's category title (created when missing). */
async function linkSalon(tx: Database, chainServiceId: number, next: ChainState, salonId: number) {
  const categoryId = await salonCategoryTitled(tx, salonId, next.categoryTitle)
  await tx.insert(services).values({
    ...chainFieldsOfCopy(chainServiceId, next),
    companyId: salonId,
    categoryId,
    duration: next.duration,
    priceMin: next.priceMin,
    priceMax: next.priceMax,
    comment: next.comment,
  })
}

/**
 * Takes a salon's copy out of the chain: it stays as the salon's own service, with the price and comment it
 * showed, so that its records keep it (docs/decisions.md, "Chain catalogue").
 */
async function unlinkCopy(tx: Database, copy: SalonServiceRow) {
  await tx
    .update(services)
    .set({
      chainServiceId: null,
      isChain: false,
      chainPriceMin: null,
      chainPriceMax: null,
      chainComment: '',
      isPriceManagedOnlyInChain: false,
      isCommentManagedOnlyInChain: false,
      version: copy.version + 1,
    })
    .where(eq(services.id, copy.id))
}

/** The live salon copies of a chain service, locked for the change. */
const lockCopies = (tx: Database, chainServiceId: number) =>
  tx
    .select()
    .from(services)
    .where(and(eq(services.chainServiceId, chainServiceId), eq(services.deleted, 0)))
    .orderBy(services.id)
    .for('update')

/** One audit entry in each salon touched, or one for the chain when none is. */
async function recordInSalons(
  tx: Database,
  record: RecordChange,
  salonIds: Set<number>,
  change: {
    entityId: number
    operation: 'created' | 'updated' | 'deleted'
    changes?: Record<string, unknown>
  },
) {
  const entries = salonIds.size > 0 ? [...salonIds] : [null]
  for (const companyId of entries) await record(tx, { entity: 'chain_service', companyId, ...change })
}

const auditedInput = (input: ChainServiceInput) => {
  const { expected_version: _version, ...changes } = input
  return changes
}

async function reload(db: Database, groupId: number, id: number): Promise<ChainService> {
  const [service] = await loadChainServices(db, groupId, id)
  if (!service) throw new HttpError(404, /*i18n*/ 'Chain service not found')
  return service
}

export async function createChainService(
  db: Database,
  chain: ChainMembership,
  input: ChainServiceCreate,
  record: RecordChange,
): Promise<ChainService> {
  const next = nextChainState(chain, null, input)
  const salonIds = new Set(input.salon_ids ?? [])
  requireRights(chain, salonIds, [
    'settings_services_create_access',
    ...(changesPrices(null, next) ? (['settings_services_prices_edit_access'] as const) : []),
  ])
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chainServices)
      .values({ groupId: chain.groupId, ...next })
      .returning({ id: chainServices.id })
    for (const salonId of salonIds) await linkSalon(tx, row!.id, next, salonId)
    await recordInSalons(tx, record, salonIds, {
      entityId: row!.id,
      operation: 'created',
      changes: auditedInput(input),
    })
    return row!.id
  })
  return reload(db, chain.groupId, id)
}

/** Locks a live chain service of the chain for the rest of the transaction; 404 when there is none. */
async function lockChainService(tx: Database, groupId: number, id: number) {
  const [current] = await tx
    .select()
    .from(chainServices)
    .where(and(eq(chainServices.id, id), eq(chainServices.groupId, groupId), eq(chainServices.deleted, 0)))
    .for('update')
  if (!current) throw new HttpError(404, /*i18n*/ 'Chain service not found')
  return current
}

/**
 * Changes a chain service and, in the same transaction, every salon's copy; links the salons added and unlinks
 * the ones left out. The chain row and the copies are locked, so a save from an older copy (expected_version)
 * is refused with 409 and two saves never interleave.
 */
export async function updateChainService(
  db: Database,
  chain: ChainMembership,
  id: number,
  input: ChainServiceUpdate,
  record: RecordChange,
): Promise<ChainService> {
  await db.transaction(async (tx) => {
    const current = await lockChainService(tx, chain.groupId, id)
    if (input.expected_version !== undefined && input.expected_version !== current.version) {
      throw new HttpError(
        409,
        /*i18n*/ 'The chain service was changed by someone else since this copy was opened',
      )
    }
    const next = nextChainState(chain, current, input)
    const copies = await lockCopies(tx, id)
    const before = new Set(copies.map((copy) => copy.companyId))
    const after = new Set(input.salon_ids ?? before)
    const added = [...after].filter((salonId) => !before.has(salonId))
    const touched = new Set([...before, ...after])
    requireRights(chain, touched, [
      'settings_services_edit_access',
      ...(changesPrices(current, next) ? (['settings_services_prices_edit_access'] as const) : []),
    ])
    requireFlagsInSalons(chain, added, ['settings_services_create_access'])

    await tx
      .update(chainServices)
      .set({ ...next, version: current.version + 1 })
      .where(eq(chainServices.id, id))
    for (const copy of copies) {
      if (after.has(copy.companyId)) await propagateToCopy(tx, id, next, copy)
      else await unlinkCopy(tx, copy)
    }
    for (const salonId of added) await linkSalon(tx, id, next, salonId)
    await recordInSalons(tx, record, touched, {
      entityId: id,
      operation: 'updated',
      changes: auditedInput(input),
    })
  })
  return reload(db, chain.groupId, id)
}

/**
 * Deletes a chain service. Each salon's copy stays as the salon's own service (as when a salon is unlinked), so
 * no salon loses a service its records name; a salon deletes its copy itself if it wants it gone.
 */
export async function deleteChainService(
  db: Database,
  chain: ChainMembership,
  id: number,
  record: RecordChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockChainService(tx, chain.groupId, id)
    const copies = await lockCopies(tx, id)
    const touched = new Set(copies.map((copy) => copy.companyId))
    requireRights(chain, touched, ['settings_services_delete_access'])
    for (const copy of copies) await unlinkCopy(tx, copy)
    await tx.update(chainServices).set({ deleted: 1 }).where(eq(chainServices.id, id))
    await recordInSalons(tx, record, touched, { entityId: id, operation: 'deleted' })
  })
}
