import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Rights } from '../../../contract/access/rights-catalogue'
import type { CustomFieldKind } from '../../../contract/custom-fields/schemas'
import type { Database } from '../../db/database'
import { customFields } from '../../db/schema'

/** The field types, with the ids and titles the API reports in custom_field_type. */
export const customFieldTypes: Record<string, { id: number; slug: string; title: string }> = {
  text: { id: 1, slug: 'text', title: 'Text' },
  number: { id: 2, slug: 'number', title: 'Number' },
  date: { id: 3, slug: 'date', title: 'Date' },
  select: { id: 4, slug: 'select', title: 'List' },
  checkbox: { id: 5, slug: 'checkbox', title: 'Checkbox' },
}

/**
 * The kinds whose field definitions the user may create, change, order and delete: the edit flag of the kind
 * (docs/decisions.md, "Custom fields").
 */
export function editableKinds(rights: Rights): CustomFieldKind[] {
  const kinds: CustomFieldKind[] = []
  if (rights.custom_fields_record_values_edit_access) kinds.push('record')
  if (rights.custom_fields_client_values_edit_access) kinds.push('client')
  return kinds
}

/** The kinds of custom fields whose values the user may read (SPEC.md section 6; edit implies read). */
export function readableKinds(rights: Rights): CustomFieldKind[] {
  const kinds: CustomFieldKind[] = []
  if (rights.custom_fields_record_values_read_access) kinds.push('record')
  if (rights.custom_fields_client_values_read_access) kinds.push('client')
  return kinds
}

export type CustomFieldRow = typeof customFields.$inferSelect

/** The company's custom fields of the given kinds, in display order; no kinds, no query and no fields. */
export async function listCustomFields(
  db: Database,
  companyId: number,
  kinds: CustomFieldKind[],
): Promise<CustomFieldRow[]> {
  if (kinds.length === 0) return []
  return db
    .select()
    .from(customFields)
    .where(and(eq(customFields.companyId, companyId), inArray(customFields.parentEntityType, kinds)))
    .orderBy(asc(customFields.weight), asc(customFields.id))
}

/** The options as the API sends them: an object of key to label, in display order. */
export const valuesOf = (row: CustomFieldRow): Record<string, string> => Object.fromEntries(row.values)

export const uiOptionsOf = (row: CustomFieldRow) => ({
  show_in_record_window: row.showInRecordWindow,
  show_in_client_window: row.showInClientWindow,
})

/** A field as GET companies/{company}/custom_fields and the writes answer it. */
export function toCompanyCustomField(row: CustomFieldRow, withUiOptions: boolean) {
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    parent_entity_type: row.parentEntityType,
    weight: row.weight,
    values: valuesOf(row),
    // The client takes each field's type from here, so it is always sent.
    custom_field_type: customFieldTypes[row.typeSlug] ?? { id: 0, slug: row.typeSlug, title: row.typeSlug },
    ...(withUiOptions ? { ui_options: uiOptionsOf(row) } : {}),
  }
}
