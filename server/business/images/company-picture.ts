import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq, lt } from 'drizzle-orm'
import { companyPictures, type CompanyPictureKind } from '../../../contract/companies/profile-schemas'
import type { ImageGroup } from '../../../contract/images/schemas'
import type { Database } from '../../db/database'
import { companies, imageGroups, images } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import type { RecordChange } from '../change-log/request-audit'
import { storeImage, type ReceivedUpload } from './store-upload'

/** The company row, locked for the rest of the transaction, so that two uploads of one picture run in turn. */
async function lockCompany(tx: Database, companyId: number): Promise<void> {
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update')
  if (!row) throw new HttpError(404, /*i18n*/ 'Company not found')
}

/** Deletes picture files; one already gone is what was wanted, anything else stays for the operator. */
const removeFiles = (uploadsRoot: string, paths: string[]) =>
  Promise.allSettled(paths.map((path) => unlink(join(uploadsRoot, path))))

/**
 * Stores the company's logo or booking-form header (media entities `salon` and `booking_form_appearance_header`,
 * SPEC.md section 3) as its one picture. The pictures it replaces go in the same transaction as the audit entry,
 * their files after it; two uploads at once leave the newer.
 */
export async function attachCompanyPicture(
  db: Database,
  uploadsRoot: string,
  target: { companyId: number; kind: CompanyPictureKind },
  upload: ReceivedUpload,
  audit: RecordChange,
): Promise<ImageGroup> {
  const { field, entity } = companyPictures[target.kind]
  const group = await storeImage(
    db,
    uploadsRoot,
    { companyId: target.companyId, entity, entityId: target.companyId },
    field,
    upload,
  )
  const stored = group.images[0]!
  const replaced = await db.transaction(async (tx) => {
    await lockCompany(tx, target.companyId)
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
      entity: entity === 'salon' ? 'company_logo' : 'booking_form_header',
      entityId: target.companyId,
      operation: 'created',
      changes: { url: stored.url, replaced: older.length },
    })
    return older.map((row) => row.path)
  })
  await removeFiles(uploadsRoot, replaced)
  return { ...group, images: group.images.filter((image) => image.version >= stored.version) }
}

/** Takes the company's logo or header picture away: rows with the audit entry in one transaction, files after. */
export async function removeCompanyPicture(
  db: Database,
  uploadsRoot: string,
  target: { companyId: number; kind: CompanyPictureKind },
  audit: RecordChange,
): Promise<void> {
  const { entity } = companyPictures[target.kind]
  const removed = await db.transaction(async (tx) => {
    await lockCompany(tx, target.companyId)
    const [group] = await tx
      .select({ id: imageGroups.id })
      .from(imageGroups)
      .where(
        and(
          eq(imageGroups.companyId, target.companyId),
          eq(imageGroups.entity, entity),
          eq(imageGroups.entityId, target.companyId),
        ),
      )
    if (!group) return []
    const gone = await tx
      .delete(images)
      .where(and(eq(images.companyId, target.companyId), eq(images.imageGroupId, group.id)))
      .returning({ path: images.path })
    await audit(tx, {
      entity: entity === 'salon' ? 'company_logo' : 'booking_form_header',
      entityId: target.companyId,
      operation: 'deleted',
      changes: { removed: gone.length },
    })
    return gone.map((row) => row.path)
  })
  await removeFiles(uploadsRoot, removed)
}
