import { and, desc, eq, inArray } from 'drizzle-orm'
import type { ImageGroup } from '../../../contract/images/schemas'
import type { Database } from '../../db/database'
import { imageGroups, images } from '../../db/schema'

/** The image groups (media owners) of a company by id, each with its images newest first. */
export async function loadImageGroups(
  db: Database,
  companyId: number,
  groupIds: (number | null)[],
): Promise<Map<number, ImageGroup>> {
  const ids = [...new Set(groupIds.filter((id): id is number => id !== null))]
  const groups = new Map<number, ImageGroup>()
  if (ids.length === 0) return groups
  const groupRows = await db
    .select()
    .from(imageGroups)
    .where(and(eq(imageGroups.companyId, companyId), inArray(imageGroups.id, ids)))
  for (const row of groupRows) {
    groups.set(row.id, { id: row.id, entity: row.entity, entity_id: row.entityId, images: [] })
  }
  const imageRows = await db
    .select()
    .from(images)
    .where(and(eq(images.companyId, companyId), inArray(images.imageGroupId, ids)))
    .orderBy(desc(images.version), desc(images.id))
  for (const row of imageRows) {
    groups.get(row.imageGroupId)?.images.push({
      id: row.id,
      path: row.path,
      url: row.url,
      width: row.width,
      height: row.height,
      type: row.type,
      image_group_id: row.imageGroupId,
      version: row.version,
    })
  }
  return groups
}

/** The url of a group's current picture, or '' when it has none. */
export const currentImageUrl = (group: ImageGroup | null | undefined): string => group?.images[0]?.url ?? ''

/**
 * The small and the big rendition of a group's current picture (the images of its newest version, smallest and
 * largest by width); both '' when it has none, both the same url when only one rendition was sent.
 */
export function currentRenditionUrls(group: ImageGroup | null | undefined): { small: string; big: string } {
  const newest = group?.images[0]
  if (!newest) return { small: '', big: '' }
  const current = group.images.filter((image) => image.version === newest.version)
  const bySize = [...current].sort((a, b) => a.width - b.width || a.id - b.id)
  return { small: bySize[0]!.url, big: bySize[bySize.length - 1]!.url }
}
