import * as v from 'valibot'
import { includeQuerySchema } from '../include-query'
import { idParamSchema, idSchema, requiredTextSchema } from '../id-params'
import { atLeastOneField } from '../storable-values'
import { fieldText } from '../field-text'

/** The two kinds of custom fields: on a record (visit) card or on a client card. */
export const customFieldKinds = ['record', 'client'] as const
export type CustomFieldKind = (typeof customFieldKinds)[number]

export const customFieldTypeSlugs = ['text', 'number', 'date', 'select', 'checkbox'] as const
export type CustomFieldTypeSlug = (typeof customFieldTypeSlugs)[number]

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

export const customFieldItemsParamsSchema = v.looseObject({
  kind: v.picklist(customFieldKinds, /*i18n*/ 'must be record or client'),
})

export const customFieldItemsQuerySchema = v.object({
  include: includeQuerySchema(['custom_field.ui_options']),
})

export const companyCustomFieldsQuerySchema = v.object({
  include: includeQuerySchema(['custom_field_type', 'ui_options']),
  'filter[parent_entity_type]': v.optional(v.picklist(customFieldKinds, /*i18n*/ 'must be record or client')),
})

/** A custom field shows in the record or client dialog only with the matching ui option (SPEC.md section 6). */
export function showsInWindow(uiOptions: CustomFieldUiOptions | undefined, window: CustomFieldKind): boolean {
  if (!uiOptions) return false
  return window === 'record' ? uiOptions.show_in_record_window : uiOptions.show_in_client_window
}

/*
 * Writing the definitions (docs/decisions.md, "Custom fields"): POST companies/{company}/custom_fields,
 * PUT and DELETE companies/{company}/custom_fields/{id}, POST companies/{company}/custom_fields/sort.
 */

/** The longest title, option label and code, and the most options a list may offer. */
export const customFieldLimits = { title: 100, option: 100, code: 50, options: 50 } as const

/** The type slug whose field offers a list of options. */
export const LIST_TYPE = 'select'

const codeSchema = v.pipe(
  v.string(/*i18n*/ 'must be text'),
  v.trim(),
  v.toLowerCase(),
  v.regex(
    new RegExp(`^[a-z][a-z0-9_]{0,${customFieldLimits.code - 1}}$`),
    fieldText(
      /*i18n*/ 'must start with a Latin letter and hold only Latin letters, digits and _ (at most {max, plural, one {# character} other {# characters}})',
      { max: customFieldLimits.code },
    ),
  ),
)

/** One option of a list: its key (kept when given, made from the label when not) and its label. */
export const customFieldOptionInputSchema = v.object({
  id: v.optional(codeSchema),
  title: requiredTextSchema(customFieldLimits.option),
})
export type CustomFieldOptionInput = v.InferOutput<typeof customFieldOptionInputSchema>

const optionsSchema = v.pipe(
  v.array(customFieldOptionInputSchema, /*i18n*/ 'must be a list of options'),
  v.maxLength(
    customFieldLimits.options,
    fieldText(/*i18n*/ 'may hold at most {max, plural, one {# option} other {# options}}', {
      max: customFieldLimits.options,
    }),
  ),
  v.check(
    (options) => new Set(options.map((option) => option.title.toLowerCase())).size === options.length,
    /*i18n*/ 'must not repeat an option',
  ),
  v.check((options) => {
    const ids = options.flatMap((option) => (option.id === undefined ? [] : [option.id]))
    return new Set(ids).size === ids.length
  }, /*i18n*/ 'must not repeat an option key'),
)

const typeSchema = v.picklist(
  customFieldTypeSlugs,
  fieldText(/*i18n*/ 'must be one of {options}', {
    options: customFieldTypeSlugs.join(', '),
  }),
)
const kindSchema = v.picklist(customFieldKinds, /*i18n*/ 'must be record or client')

export const optionsMessages = {
  missing: 'a list needs at least one option',
  unexpected: 'only a list has options',
} as const

/**
 * The rule that spans type and options, where a body names both: a list needs at least one option, and only a
 * list has options (the server applies it again to the field as it will be after an edit).
 */
export function optionsProblem(
  type: string,
  options: readonly unknown[],
): keyof typeof optionsMessages | null {
  if (type === LIST_TYPE && options.length === 0) return 'missing'
  if (type !== LIST_TYPE && options.length > 0) return 'unexpected'
  return null
}

/** Body of POST companies/{company}/custom_fields. */
export const customFieldCreateSchema = v.pipe(
  v.object({
    parent_entity_type: kindSchema,
    type: typeSchema,
    title: requiredTextSchema(customFieldLimits.title),
    /** Made from the title when left out; unique per company and kind, and never changed afterwards. */
    code: v.optional(codeSchema),
    values: v.optional(optionsSchema, []),
    /** Left out: the field shows in the window of its own kind only. */
    ui_options: v.optional(customFieldUiOptionsSchema),
  }),
  v.forward(
    v.check((body) => optionsProblem(body.type, body.values) !== 'missing', optionsMessages.missing),
    ['values'],
  ),
  v.forward(
    v.check((body) => optionsProblem(body.type, body.values) !== 'unexpected', optionsMessages.unexpected),
    ['values'],
  ),
)
export type CustomFieldCreate = v.InferOutput<typeof customFieldCreateSchema>

/** Body of PUT companies/{company}/custom_fields/{id}: any of these; the kind and the code never change. */
export const customFieldUpdateSchema = v.pipe(
  v.object({
    type: v.optional(typeSchema),
    title: v.optional(requiredTextSchema(customFieldLimits.title)),
    values: v.optional(optionsSchema),
    ui_options: v.optional(
      v.pipe(
        v.object({
          show_in_record_window: v.optional(v.boolean()),
          show_in_client_window: v.optional(v.boolean()),
        }),
        atLeastOneField(),
      ),
    ),
  }),
  atLeastOneField(),
)
export type CustomFieldUpdate = v.InferOutput<typeof customFieldUpdateSchema>

/** Body of POST companies/{company}/custom_fields/sort: one kind's fields, first shown first. */
export const customFieldSortSchema = v.object({
  parent_entity_type: kindSchema,
  ids: v.pipe(
    v.array(idSchema, /*i18n*/ 'must be a list of field ids'),
    v.minLength(1, /*i18n*/ 'must name at least one field'),
    v.maxLength(500, /*i18n*/ 'may name at most 500 fields'),
    v.check((ids) => new Set(ids).size === ids.length, /*i18n*/ 'must not repeat a field'),
  ),
})
export type CustomFieldSort = v.InferOutput<typeof customFieldSortSchema>

export const customFieldParamsSchema = v.looseObject({ company: idParamSchema, fieldId: idParamSchema })

/** A stored value of a custom field: text and list keys as text, numbers, dates as YYYY-MM-DD, checkboxes. */
export const customFieldValueSchema = v.union([v.string(), v.number(), v.boolean()])
export type CustomFieldValueInput = v.InferOutput<typeof customFieldValueSchema>

/**
 * Values to write, keyed by field id; null clears a value. Each value is checked on the server against its
 * field's type (a 422 on `custom_fields.{id}`).
 */
export const customFieldValuesInputSchema = v.record(
  v.pipe(v.string(), v.regex(/^\d{1,9}$/, /*i18n*/ 'must be a field id')),
  v.nullable(customFieldValueSchema),
)
