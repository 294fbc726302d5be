import { and, asc, eq } from 'drizzle-orm'
import type * as v from 'valibot'
import { ErrorCode } from '../../../contract/error-codes'
import type { Storage, storageCreateSchema, storageUpdateSchema } from '../../../contract/storages/schemas'
import type { Database } from '../../db/database'
import { storages } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import type { RecordChange } from '../change-log/request-audit'
import { isUniqueViolation } from '../positions/unique-violation'

const columns = { id: storages.id, title: storages.title, type: storages.type, comment: storages.comment }

const duplicateTitle = () =>
  new HttpError(422, VALIDATION_FAILED_MESSAGE, {
    fieldErrors: { title: [/*i18n*/ 'a storage with this title already exists'] },
  })

const notFound = () => new HttpError(404, /*i18n*/ 'Storage not found')

/** The company's storages, oldest first. */
export function listStorages(db: Database, companyId: number): Promise<Storage[]> {
  return db.select(columns).from(storages).where(eq(storages.companyId, companyId)).orderBy(asc(storages.id))
}

/** A new storage; titles are unique per company regardless of case (the unique index decides under a race). */
export async function createStorage(
  db: Database,
  companyId: number,
  input: v.InferOutput<typeof storageCreateSchema>,
  record: RecordChange,
): Promise<Storage> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(storages)
      .values({ companyId, title: input.title, type: input.type, comment: input.comment })
      .onConflictDoNothing()
      .returning(columns)
    if (!row) throw duplicateTitle()
    await record(tx, { entity: 'storage', entityId: row.id, operation: 'created', changes: input })
    return row
  })
}

/** Renames a storage, or changes what it holds (goods for sale or consumables) or its comment. */
export async function updateStorage(
  db: Database,
  companyId: number,
  id: number,
  input: v.InferOutput<typeof storageUpdateSchema>,
  record: RecordChange,
): Promise<Storage> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(storages)
        .set(input)
        .where(and(eq(storages.id, id), eq(storages.companyId, companyId)))
        .returning(columns)
      if (!row) throw notFound()
      await record(tx, { entity: 'storage', entityId: id, operation: 'updated', changes: input })
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTitle()
    throw error
  }
}

/**
 * Deletes a storage, except the company's last one (409, code 3003): selling goods and writing off consumables
 * need somewhere to take them from. Stock is not kept per storage yet, so nothing else holds one back. Every
 * storage of the company is locked first, so two deletes at once cannot both see "one more left" and remove
 * the last two.
 */
export async function deleteStorage(
  db: Database,
  companyId: number,
  id: number,
  record: RecordChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const all = await tx
      .select({ id: storages.id, title: storages.title })
      .from(storages)
      .where(eq(storages.companyId, companyId))
      .orderBy(asc(storages.id))
      .for('update')
    const target = all.find((storage) => storage.id === id)
    if (!target) throw notFound()
    if (all.length === 1) {
      throw new HttpError(409, /*i18n*/ 'The company keeps at least one storage', {
        code: ErrorCode.lastStorage,
      })
    }
    await tx.delete(storages).where(and(eq(storages.id, id), eq(storages.companyId, companyId)))
    await record(tx, {
      entity: 'storage',
      entityId: id,
      operation: 'deleted',
      changes: { title: target.title },
    })
  })
}
