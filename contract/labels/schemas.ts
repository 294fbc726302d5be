import * as v from 'valibot'
import { idParamSchema, requiredTextSchema, textSchema } from '../id-params'
import { atLeastOneField } from '../storable-values'

/** SPEC.md section 3: the entity a label belongs to. */
export const LabelEntity = { common: 0, client: 1, record: 2, activity: 3 } as const
export const labelEntities = Object.values(LabelEntity)

const entityParamSchema = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(String),
  v.picklist(['0', '1', '2', '3'], /*i18n*/ 'must be 0 (common), 1 (client), 2 (record) or 3 (activity)'),
  v.transform(Number),
)

const colorSchema = v.pipe(
  v.string(/*i18n*/ 'must be a colour'),
  v.trim(),
  v.regex(/^#[0-9a-fA-F]{6}$/, /*i18n*/ 'must be a colour such as #1a2b3c'),
  v.toLowerCase(),
)

export const labelSchema = v.object({
  id: v.number(),
  salon_id: v.number(),
  title: v.string(),
  icon: v.string(),
  color: v.string(),
  font_color: v.string(),
  entity: v.picklist(labelEntities),
  deleted: v.boolean(),
  not_editable: v.boolean(),
})
export type Label = v.InferOutput<typeof labelSchema>
export const labelListSchema = v.array(labelSchema)

/** Query of GET /company/{id}/labels: `filter[entity]` narrows the list to one entity. */
export const labelListQuerySchema = v.looseObject({
  'filter[entity]': v.optional(entityParamSchema),
})

export const labelEntityParamsSchema = v.looseObject({ companyId: idParamSchema, entity: entityParamSchema })
export const labelParamsSchema = v.looseObject({ companyId: idParamSchema, id: idParamSchema })

/** Body of POST labels/{companyId}/. */
export const labelCreateSchema = v.object({
  title: requiredTextSchema(100),
  color: colorSchema,
  /** Left out: the one of white and near-black that reads on `color` (label-font-color.ts). */
  font_color: v.optional(colorSchema),
  icon: v.optional(textSchema(50), ''),
  entity: v.picklist(labelEntities, /*i18n*/ 'must be 0 (common), 1 (client), 2 (record) or 3 (activity)'),
})
export type LabelCreate = v.InferOutput<typeof labelCreateSchema>

/** Body of PUT labels/{companyId}/{id}: any of the fields; the entity of a label never changes. */
export const labelUpdateSchema = v.pipe(
  v.object({
    title: v.optional(requiredTextSchema(100)),
    color: v.optional(colorSchema),
    font_color: v.optional(colorSchema),
    icon: v.optional(textSchema(50)),
  }),
  atLeastOneField(),
)
export type LabelUpdate = v.InferOutput<typeof labelUpdateSchema>
