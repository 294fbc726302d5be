import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { imageUploadLimits, type ImageGroup, type mediaEntities } from '../../../contract/images/schemas'
import type { Database } from '../../db/database'
import { imageGroups, images } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { readImageFacts } from './image-dimensions'
import { loadImageGroups } from './image-groups'
import { UPLOADS_URL_PREFIX, uploadsDir } from './uploads-dir'

/** The file and the text fields of a multipart upload. */
export interface ReceivedUpload {
  fields: Record<string, string>
  file: { fieldname: string; bytes: Buffer } | null
}

/**
 * Reads a multipart request: its text fields and its one file, expected under `fileField`. The size limit is
 * enforced while reading (413 beyond it), so an oversized upload never sits in memory whole. A body that breaks
 * off or is not well-formed multipart (a dropped connection, a wrong boundary) is the client's: 422 on the file.
 */
export async function receiveUpload(request: FastifyRequest, fileField: string): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the picture as multipart/form-data')
  const fields: Record<string, string> = {}
  let file: ReceivedUpload['file'] = null
  try {
    for await (const part of request.parts({
      limits: { fileSize: imageUploadLimits.maxBytes, files: 1, fields: 10 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        file = { fieldname: part.fieldname, bytes }
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode
    if (error instanceof HttpError || (typeof status === 'number' && status >= 400 && status < 500))
      throw error
    throw invalidFile(fileField, 'The upload broke off or is not valid multipart: send the picture again')
  }
  return { fields, file }
}

const invalidFile = (field: string, message: string) =>
  new HttpError(422, 'Validation failed', { fieldErrors: { [field]: [message] } })

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
  if (!upload.file || upload.file.fieldname !== field) throw invalidFile(field, 'A picture is required')
  const facts = readImageFacts(upload.file.bytes)
  if (!facts) throw invalidFile(field, 'must be a JPEG, PNG or WebP picture')
  if (facts.width > imageUploadLimits.maxSide || facts.height > imageUploadLimits.maxSide) {
    throw invalidFile(field, `must be at most ${imageUploadLimits.maxSide} pixels on each side`)
  }

  const relativePath = `${target.companyId}/${randomBytes(16).toString('hex')}.${facts.extension}`
  await mkdir(join(uploadsRoot, String(target.companyId)), { recursive: true })
  await writeFile(join(uploadsRoot, relativePath), upload.file.bytes, { mode: 0o644 })

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
  await db.insert(images).values({
    companyId: target.companyId,
    imageGroupId: group!.id,
    path: relativePath,
    url: `${UPLOADS_URL_PREFIX}${relativePath}`,
    width: facts.width,
    height: facts.height,
    type: facts.type,
    version: sql`(select coalesce(max(${images.version}), 0) + 1 from ${images} where ${images.imageGroupId} = ${group!.id})`,
  })
  return (await loadImageGroups(db, target.companyId, [group!.id])).get(group!.id)!
}

export { uploadsDir }
