import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq, lt } from 'drizzle-orm'
import type { ImageGroup } from '../../../contract/images/schemas'
import type { Database } from '../../db/database'
import { images, staff } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import type { RecordChange } from '../change-log/request-audit'
import { EMPLOYEE_NOT_FOUND } from '../staff/staff-scope'
import { checkPicture, storeRenditions, type ReceivedUpload } from './store-upload'

/** The file fields of POST /settings/employee/image/upload: the picture, and optionally its small rendition. */
export const AVATAR_FIELD = 'avatar'
export const AVATAR_SMALL_FIELD = 'avatar_small'

/** The live employee row, locked for the rest of the transaction, so that two uploads for one employee run in turn. */
async function lockLiveEmployee(tx: Database, companyId: number, staffId: number) {
  const [row] = await tx
    .select({ id: staff.id, imageGroupId: staff.imageGroupId })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.companyId, companyId), eq(staff.deleted, 0)))
    .for('update')
  if (!row) throw new HttpError(404, EMPLOYEE_NOT_FOUND)
  return row
}

const removeFiles = (uploadsRoot: string, paths: string[]) =>
  Promise.allSettled(paths.map((path) => unlink(join(uploadsRoot, path))))

/**
 * Stores an employee's avatar. `avatar` is the big rendition (the employee's `avatar_big`); `avatar_small`, when
 * sent, the small one (`avatar`), which may not be larger than the big one on either side. The server has no
 * image processing, so the app draws both from the crop (docs/decisions.md); a client that sends only `avatar`
 * gets it as both. The older avatar's rows go in the same transaction as the audit entry, its files after it.
 */
export async function attachEmployeeAvatar(
  db: Database,
  uploadsRoot: string,
  target: { companyId: number; staffId: number },
  upload: ReceivedUpload,
  audit: RecordChange,
): Promise<ImageGroup> {
  const big = checkPicture(upload, AVATAR_FIELD)
  const small = upload.files.some((file) => file.fieldname === AVATAR_SMALL_FIELD)
    ? checkPicture(upload, AVATAR_SMALL_FIELD)
    : null
  if (small && (small.facts.width > big.facts.width || small.facts.height > big.facts.height)) {
    throw new HttpError(422, /*i18n*/ 'Validation failed', {
      fieldErrors: { [AVATAR_SMALL_FIELD]: [/*i18n*/ 'must not be larger than the avatar'] },
    })
  }
  const { group, replaced } = await db.transaction(async (tx) => {
    await lockLiveEmployee(tx, target.companyId, target.staffId)
    const stored = await storeRenditions(
      tx,
      uploadsRoot,
      { companyId: target.companyId, entity: 'master', entityId: target.staffId },
      small ? [big, small] : [big],
    )
    const version = stored.images[0]!.version
    await tx.update(staff).set({ imageGroupId: stored.id }).where(eq(staff.id, target.staffId))
    const older = await tx
      .delete(images)
      .where(
        and(
          eq(images.companyId, target.companyId),
          eq(images.imageGroupId, stored.id),
          lt(images.version, version),
        ),
      )
      .returning({ path: images.path })
    await audit(tx, {
      entity: 'employee_avatar',
      entityId: target.staffId,
      operation: 'created',
      companyId: target.companyId,
      changes: { renditions: small ? 2 : 1, replaced: older.length },
    })
    return {
      group: { ...stored, images: stored.images.filter((image) => image.version === version) },
      replaced: older.map((row) => row.path),
    }
  })
  await removeFiles(uploadsRoot, replaced)
  return group
}

/** Takes the avatar off the employee: rows with the audit entry in one transaction, the files after it. */
export async function removeEmployeeAvatar(
  db: Database,
  uploadsRoot: string,
  target: { companyId: number; staffId: number },
  audit: RecordChange,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const row = await lockLiveEmployee(tx, target.companyId, target.staffId)
    if (row.imageGroupId === null) return []
    const gone = await tx
      .delete(images)
      .where(and(eq(images.companyId, target.companyId), eq(images.imageGroupId, row.imageGroupId)))
      .returning({ path: images.path })
    await audit(tx, {
      entity: 'employee_avatar',
      entityId: target.staffId,
      operation: 'deleted',
      companyId: target.companyId,
      changes: { removed: gone.length },
    })
    return gone.map((image) => image.path)
  })
  await removeFiles(uploadsRoot, removed)
}
