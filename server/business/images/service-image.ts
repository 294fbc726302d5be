import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
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
  if (!row) throw new HttpError(404, 'Service not found')
  return row
}

const liveService = (db: Database, companyId: number, serviceId: number) =>
  db
    .select({ id: services.id, imageGroupId: services.imageGroupId })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.companyId, companyId), eq(services.deleted, 0)))

/** Stores the picture as the service's current one (the newest of its group) and answers the group. */
export async function attachServiceImage(
  db: Database,
  uploadsRoot: string,
  target: { companyId: number; serviceId: number },
  upload: ReceivedUpload,
  audit: RecordChange,
): Promise<ImageGroup> {
  // Checked before the file is written, so that a wrong address stores nothing.
  const [exists] = await liveService(db, target.companyId, target.serviceId)
  if (!exists) throw new HttpError(404, 'Service not found')
  const group = await storeImage(
    db,
    uploadsRoot,
    { companyId: target.companyId, entity: 'service', entityId: target.serviceId },
    'image',
    upload,
  )
  await db.transaction(async (tx) => {
    // The service may have been deleted while the file was read: the picture then belongs to nothing shown.
    await lockLiveService(tx, target.companyId, target.serviceId)
    await tx.update(services).set({ imageGroupId: group.id }).where(eq(services.id, target.serviceId))
    await audit(tx, {
      entity: 'service_image',
      entityId: target.serviceId,
      operation: 'created',
      changes: { url: group.images[0]?.url },
    })
  })
  return group
}

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
  // A file that is already gone is what was wanted; anything else stays for the operator and is not the user's.
  await Promise.allSettled(removed.map((path) => unlink(join(uploadsRoot, path))))
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
