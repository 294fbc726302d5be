import * as v from 'valibot'
import { rightFlags, type RightFlag, type Rights } from '../access/rights-catalogue'
import { idParamSchema } from '../id-params'
import { int4Schema } from '../storable-values'

const nullableCount = v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(3650)))
const nullableId = v.nullable(int4Schema(1))

/** The numeric limits of the rights object (SPEC.md section 6). */
const limitEntries = {
  edit_records_last_days_count: nullableCount,
  create_records_last_days_count: nullableCount,
  finances_last_days_count: nullableCount,
  restricted_master_id: nullableId,
  restricted_record_group_id: nullableId,
  restricted_account_ids: v.nullable(v.pipe(v.array(int4Schema(1)), v.maxLength(100))),
}

const flagEntries = Object.fromEntries(
  rightFlags.map((flag) => [flag, v.boolean(/*i18n*/ 'must be true or false')]),
) as Record<RightFlag, v.BooleanSchema<'must be true or false'>>

/** The whole rights object as the server sends it with the company: every flag and every limit. */
export const rightsSchema = v.object({ ...flagEntries, ...limitEntries })

/** Compile-time proof that the schema and the catalogue describe the same object. */
export const rightsShapeMatches: v.InferOutput<typeof rightsSchema> extends Rights ? true : never = true

/** Body of the preview and save calls: the flags and limits to change; the others stay. */
export const rightsInputSchema = v.pipe(
  v.object({
    rights: v.partial(v.strictObject({ ...flagEntries, ...limitEntries }, /*i18n*/ 'names an unknown right')),
  }),
  v.transform((body) => body.rights),
)
export type RightsInput = v.InferOutput<typeof rightsInputSchema>

/** One changed flag or limit. */
export const rightsChangeSchema = v.object({
  key: v.string(),
  from: v.union([v.boolean(), v.number(), v.array(v.number()), v.null()]),
  to: v.union([v.boolean(), v.number(), v.array(v.number()), v.null()]),
})
export type RightsChange = v.InferOutput<typeof rightsChangeSchema>

export const memberRightsSchema = v.object({
  user_id: v.number(),
  user_role: v.string(),
  rights: rightsSchema,
})

export const rightsPreviewSchema = v.object({ changes: v.array(rightsChangeSchema) })

export const rightsSavedSchema = v.object({
  user_id: v.number(),
  user_role: v.string(),
  rights: rightsSchema,
  changes: v.array(rightsChangeSchema),
})

export const rightsHistoryEntrySchema = v.object({
  id: v.number(),
  user_id: v.number(),
  changed_by: v.object({ id: v.number(), name: v.string() }),
  changed_at: v.string(),
  changes: v.array(rightsChangeSchema),
})
export const rightsHistorySchema = v.array(rightsHistoryEntrySchema)

export const memberParamsSchema = v.looseObject({ id: idParamSchema, userId: idParamSchema })
