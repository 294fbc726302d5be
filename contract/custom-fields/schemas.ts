import * as v from 'valibot'

/** The two kinds of custom fields: on a record (visit) card or on a client card. */
export const customFieldKinds = ['record', 'client'] as const
export type CustomFieldKind = (typeof customFieldKinds)[number]

export const customFieldTypeSlugs = ['text', 'number', 'date', 'select', 'checkbox'] as const

export const customFieldUiOptionsSchema = v.object({
  show_in_record_window: v.boolean(),
  show_in_client_window: v.boolean(),
})
export type CustomFieldUiOptions = v.InferOutput<typeof customFieldUiOptionsSchema>

export const customFieldTypeSchema = v.object({ id: v.number(), slug: v.string(), title: v.string() })

export interface CustomFieldValue {
  id: string
  title: string
}

/**
 * A field's options arrive as an object of key to label; the app works with a list. An empty object may arrive
 * as an empty array (a habit of some servers), which is the same empty list.
 */
const valuesSchema = v.pipe(
  v.union([v.record(v.string(), v.string()), v.array(v.unknown())]),
  v.transform((values): CustomFieldValue[] =>
    Array.isArray(values) ? [] : Object.entries(values).map(([id, title]) => ({ id, title })),
  ),
)

/** An item of GET companies/{company}/custom_fields; its `type` is taken from custom_field_type. */
export const companyCustomFieldSchema = v.pipe(
  v.object({
    id: v.number(),
    code: v.string(),
    title: v.string(),
    parent_entity_type: v.picklist(customFieldKinds),
    weight: v.number(),
    values: valuesSchema,
    custom_field_type: customFieldTypeSchema,
    ui_options: v.optional(customFieldUiOptionsSchema),
  }),
  v.transform((field) => ({ ...field, type: field.custom_field_type.slug })),
)
export type CompanyCustomField = v.InferOutput<typeof companyCustomFieldSchema>
export const companyCustomFieldsSchema = v.array(companyCustomFieldSchema)

/** An item of GET /custom_fields/{record|client}/{company}: the field sits in custom_field. */
export const customFieldItemSchema = v.object({
  id: v.number(),
  custom_field: v.object({
    id: v.number(),
    code: v.string(),
    title: v.string(),
    type: v.string(),
    values: valuesSchema,
    ui_options: v.optional(customFieldUiOptionsSchema),
  }),
})
export type CustomFieldItem = v.InferOutput<typeof customFieldItemSchema>
export const customFieldItemsSchema = v.array(customFieldItemSchema)

const includeSchema = (allowed: readonly string[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
      v.check((parts) => parts.every((part) => allowed.includes(part)), `may list ${allowed.join(', ')}`),
    ),
    '',
  )

export const customFieldItemsParamsSchema = v.looseObject({
  kind: v.picklist(customFieldKinds, 'must be record or client'),
})

export const customFieldItemsQuerySchema = v.object({ include: includeSchema(['custom_field.ui_options']) })

export const companyCustomFieldsQuerySchema = v.object({
  include: includeSchema(['custom_field_type', 'ui_options']),
  'filter[parent_entity_type]': v.optional(v.picklist(customFieldKinds, 'must be record or client')),
})

/** A custom field shows in the record or client dialog only with the matching ui option (SPEC.md section 6). */
export function showsInWindow(uiOptions: CustomFieldUiOptions | undefined, window: CustomFieldKind): boolean {
  if (!uiOptions) return false
  return window === 'record' ? uiOptions.show_in_record_window : uiOptions.show_in_client_window
}
