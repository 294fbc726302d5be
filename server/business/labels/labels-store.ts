import { and, asc, eq } from 'drizzle-orm'
import { fontColorFor } from '../../../contract/labels/label-font-color'
import type { Label, LabelCreate, LabelUpdate } from '../../../contract/labels/schemas'
import type { Database } from '../../db/database'
import { labels } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { withUniqueTitle } from '../positions/unique-violation'

type LabelRow = typeof labels.$inferSelect

/** A live label's name is its kind's only one in the company (the unique index of migration 0033). */
const DUPLICATE_TITLE_MESSAGE = /*i18n*/ 'a label with this title already exists'

function toApiLabel(row: LabelRow): Label {
  return {
    id: row.id,
    salon_id: row.companyId,
    title: row.title,
    icon: row.icon,
    color: row.color,
    font_color: row.fontColor,
    entity: row.entity as Label['entity'],
    deleted: row.deleted,
    not_editable: row.notEditable,
  }
}

/** The company's labels that are not deleted, of one entity when given, in the order they were made. */
export async function listLabels(db: Database, companyId: number, entity?: number): Promise<Label[]> {
  const rows = await db
    .select()
    .from(labels)
    .where(
      and(
        eq(labels.companyId, companyId),
        eq(labels.deleted, false),
        entity === undefined ? undefined : eq(labels.entity, entity),
      ),
    )
    .orderBy(asc(labels.id))
  return rows.map(toApiLabel)
}

export async function createLabel(db: Database, companyId: number, input: LabelCreate): Promise<Label> {
  const [row] = await withUniqueTitle(
    db
      .insert(labels)
      .values({
        companyId,
        title: input.title,
        icon: input.icon,
        color: input.color,
        fontColor: input.font_color ?? fontColorFor(input.color),
        entity: input.entity,
      })
      .returning(),
    DUPLICATE_TITLE_MESSAGE,
  )
  return toApiLabel(row!)
}

/**
 * Loads a label of the company that can still be changed: 404 for a label of another company, a deleted one or
 * none at all; 422 for a system label.
 */
async function editableLabel(db: Database, companyId: number, id: number): Promise<LabelRow> {
  const [row] = await db
    .select()
    .from(labels)
    .where(and(eq(labels.id, id), eq(labels.companyId, companyId), eq(labels.deleted, false)))
  if (!row) throw new HttpError(404, /*i18n*/ 'Label not found')
  if (row.notEditable) {
    throw new HttpError(422, /*i18n*/ 'This label cannot be changed', {
      fieldErrors: { _: [/*i18n*/ 'This label cannot be changed'] },
    })
  }
  return row
}

export async function updateLabel(
  db: Database,
  companyId: number,
  id: number,
  input: LabelUpdate,
): Promise<Label> {
  await editableLabel(db, companyId, id)
  const [row] = await withUniqueTitle(
    db
      .update(labels)
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.color === undefined ? {} : { color: input.color }),
        // A new background without a text colour gets the one that reads on it.
        ...(input.font_color !== undefined
          ? { fontColor: input.font_color }
          : input.color !== undefined
            ? { fontColor: fontColorFor(input.color) }
            : {}),
        ...(input.icon === undefined ? {} : { icon: input.icon }),
      })
      .where(and(eq(labels.id, id), eq(labels.companyId, companyId)))
      .returning(),
    DUPLICATE_TITLE_MESSAGE,
  )
  return toApiLabel(row!)
}

/** Deleting is soft: records and clients that carry the label keep showing it in their history. */
export async function deleteLabel(db: Database, companyId: number, id: number): Promise<void> {
  await editableLabel(db, companyId, id)
  await db
    .update(labels)
    .set({ deleted: true })
    .where(and(eq(labels.id, id), eq(labels.companyId, companyId)))
}
