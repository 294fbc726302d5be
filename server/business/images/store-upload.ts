import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { imageUploadLimits, type ImageGroup, type mediaEntities } from '../../../contract/images/schemas'
import type { Database } from '../../db/database'
import { imageGroups, images } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { readImageFacts, type ImageFacts } from './image-dimensions'
import { loadImageGroups } from './image-groups'
import { UPLOADS_URL_PREFIX, uploadsDir } from './uploads-dir'
import { fieldText } from '../../../contract/field-text'

/** The file and the text fields of a multipart upload. */
export interface ReceivedUpload {
  fields: Record<string, string>
  /** The first file. */
  file: { fieldname: string; bytes: Buffer } | null
  /** Every file, in the order sent (at most `maxFiles`). */
  files: { fieldname: string; bytes: Buffer }[]
}

/**
 * Reads a multipart request: its text fields and its one file, expected under `fileField`. The size limit is
 * enforced while reading (413 beyond it), so an oversized upload never sits in memory whole. A body that breaks
 * off or is not well-formed multipart (a dropped connection, a wrong boundary) is the client's: 422 on the file.
 */
export async function receiveUpload(
  request: FastifyRequest,
  fileField: string,
  maxFiles = 1,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new HttpError(415, /*i18n*/ 'Send the picture as multipart/form-data')
  const fields: Record<string, string> = {}
  const files: ReceivedUpload['files'] = []
  try {
    for await (const part of request.parts({
      limits: { fileSize: imageUploadLimits.maxBytes, files: maxFiles, fields: 10 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        files.push({ fieldname: part.fieldname, bytes })
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode
    if (error instanceof HttpError || (typeof status === 'number' && status >= 400 && status < 500))
      throw error
    throw invalidFile(
      fileField,
      /*i18n*/ 'The upload broke off or is not valid multipart: send the picture again',
    )
  }
  return { fields, file: files[0] ?? null, files }
}

const invalidFile = (field: string, message: string) =>
  new HttpError(422, /*i18n*/ 'Validation failed', { fieldErrors: { [field]: [message] } })

/** The checked facts of a picture sent under `field`; 422 on the field when it is missing or no picture. */
export function checkPicture(upload: ReceivedUpload, field: string): { bytes: Buffer; facts: ImageFacts } {
  const file = upload.files.find((candidate) => candidate.fieldname === field)
  if (!file) throw invalidFile(field, /*i18n*/ 'A picture is required')
  const facts = readImageFacts(file.bytes)
  if (!facts) throw invalidFile(field, /*i18n*/ 'must be a JPEG, PNG or WebP picture')
  if (facts.width > imageUploadLimits.maxSide || facts.height > imageUploadLimits.maxSide) {
    throw invalidFile(
      field,
      fieldText(/*i18n*/ 'must be at most {max, plural, one {# pixel} other {# pixels}} on each side', {
        max: imageUploadLimits.maxSide,
      }),
    )
  }
  return { bytes: file.bytes, facts }
}

/**
 * Checks the picture, writes it under the uploads folder with a random name and records it as the newest image
 * of the entity's group (created on first upload). Answers the group with its images, newest first.
 */
export async function storeImage(
  db: Database,
  uploadsRoot: string,
  target: { companyId: number; entity: (typeof mediaEntities)[number]; entityId: number },
  field: string,
  upload: ReceivedUpload,
): Promise<ImageGroup> {
  if (!upload.file || upload.file.fieldname !== field)
    throw invalidFile(field, /*i18n*/ 'A picture is required')
  return storeRenditions(db, uploadsRoot, target, [checkPicture(upload, field)])
}

/**
 * Writes checked pictures under the uploads folder with random names and records them together as the newest
 * version of the entity's group (created on first upload): the renditions of one picture (an avatar and its
 * big one) share the version. Answers the group with its images, newest first.
 */
export async function storeRenditions(
  db: Database,
  uploadsRoot: string,
  target: { companyId: number; entity: (typeof mediaEntities)[number]; entityId: number },
  pictures: { bytes: Buffer; facts: ImageFacts }[],
): Promise<ImageGroup> {
  await mkdir(join(uploadsRoot, String(target.companyId)), { recursive: true })
  const written: { path: string; facts: ImageFacts }[] = []
  for (const picture of pictures) {
    const relativePath = `${target.companyId}/${randomBytes(16).toString('hex')}.${picture.facts.extension}`
    await writeFile(join(uploadsRoot, relativePath), picture.bytes, { mode: 0o644 })
    written.push({ path: relativePath, facts: picture.facts })
  }

  await db
    .insert(imageGroups)
    .values({ companyId: target.companyId, entity: target.entity, entityId: target.entityId })
    .onConflictDoNothing()
  const [group] = await db
    .select({ id: imageGroups.id })
    .from(imageGroups)
    .where(
      and(
        eq(imageGroups.companyId, target.companyId),
        eq(imageGroups.entity, target.entity),
        eq(imageGroups.entityId, target.entityId),
      ),
    )
  // One statement, so the renditions get one version even when another upload of the entity runs at once.
  await db.insert(images).values(
    written.map(({ path, facts }) => ({
      companyId: target.companyId,
      imageGroupId: group!.id,
      path,
      url: `${UPLOADS_URL_PREFIX}${path}`,
      width: facts.width,
      height: facts.height,
      type: facts.type,
      version: sql`(select coalesce(max(${images.version}), 0) + 1 from ${images} where ${images.imageGroupId} = ${group!.id})`,
    })),
  )
  return (await loadImageGroups(db, target.companyId, [group!.id])).get(group!.id)!
}

export { uploadsDir }
