import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq, lt } from 'drizzle-orm'
import type { ImageGroup } from '../../../contract/images/schemas'
import type { Database } from '../../db/database'
import { images, services } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import type { RecordChange } from '../change-log/request-audit'
import { storeImage, type ReceivedUpload } from './store-upload'

/**
 * A service's picture lives beside its fields: uploading or removing it does not count as a change of the
 * service's version, so an editor open elsewhere can still save its fields (it never sends the picture).
 */

/** The company's live service, locked for the rest of the transaction; 404 for another company's or a deleted one. */
async function lockLiveService(tx: Database, companyId: number, serviceId: number) {
  const [row] = await liveService(tx, companyId, serviceId).for('update')
  if (!row) throw new HttpError(404, /*i18n*/ 'Service not found')
  return row
}

const liveService = (db: Database, companyId: number, serviceId: number) =>
  db
    .select({ id: services.id, imageGroupId: services.imageGroupId })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.companyId, companyId), eq(services.deleted, 0)))

/**
 * Stores the picture as the service's one picture and answers the group. The pictures it replaces (older
 * versions of the group) go in the same transaction, their files after it, so the uploads folder does not grow
 * with every replacement; two uploads at once leave the newer.
 */
export async function attachServiceImage(
  db: Database,
  uploadsRoot: string,
  target: { companyId: number; serviceId: number },
  upload: ReceivedUpload,
  audit: RecordChange,
): Promise<ImageGroup> {
  // Checked before the file is written, so that a wrong address stores nothing.
  const [exists] = await liveService(db, target.companyId, target.serviceId)
  if (!exists) throw new HttpError(404, /*i18n*/ 'Service not found')
  const group = await storeImage(
    db,
    uploadsRoot,
    { companyId: target.companyId, entity: 'service', entityId: target.serviceId },
    'image',
    upload,
  )
  const stored = group.images[0]!
  const replaced = await db.transaction(async (tx) => {
    // The service may have been deleted while the file was read: the picture then belongs to nothing shown.
    await lockLiveService(tx, target.companyId, target.serviceId)
    await tx.update(services).set({ imageGroupId: group.id }).where(eq(services.id, target.serviceId))
    const older = await tx
      .delete(images)
      .where(
        and(
          eq(images.companyId, target.companyId),
          eq(images.imageGroupId, group.id),
          lt(images.version, stored.version),
        ),
      )
      .returning({ path: images.path })
    await audit(tx, {
      entity: 'service_image',
      entityId: target.serviceId,
      operation: 'created',
      changes: { url: stored.url, replaced: older.length },
    })
    return older.map((row) => row.path)
  })
  await removeFiles(uploadsRoot, replaced)
  return { ...group, images: group.images.filter((image) => image.version >= stored.version) }
}

/** Deletes picture files; one already gone is what was wanted, anything else stays for the operator. */
const removeFiles = (uploadsRoot: string, paths: string[]) =>
  Promise.allSettled(paths.map((path) => unlink(join(uploadsRoot, path))))

/**
 * Takes every picture off the service (SPEC.md section 3, delete_image): the rows go in one transaction with the
 * audit entry, the files after it, so that a failed removal never leaves a row pointing at a missing file.
 */
export async function removeServiceImages(
  db: Database,
  uploadsRoot: string,
  target: { companyId: number; serviceId: number },
  audit: RecordChange,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const service = await lockLiveService(tx, target.companyId, target.serviceId)
    const gone = await dropServiceImageRows(tx, target.companyId, service.imageGroupId)
    await tx.update(services).set({ imageGroupId: null }).where(eq(services.id, target.serviceId))
    await audit(tx, {
      entity: 'service_image',
      entityId: target.serviceId,
      operation: 'deleted',
      changes: { removed: gone.length },
    })
    return gone
  })
  await removeFiles(uploadsRoot, removed)
}

/** Deletes the image rows of a service's group (none when it has no group); answers their file paths. */
export async function dropServiceImageRows(
  tx: Database,
  companyId: number,
  groupId: number | null,
): Promise<string[]> {
  if (groupId === null) return []
  const rows = await tx
    .delete(images)
    .where(and(eq(images.companyId, companyId), eq(images.imageGroupId, groupId)))
    .returning({ path: images.path })
  return rows.map((row) => row.path)
}
