import * as v from 'valibot'
import { idParamSchema, requiredTextSchema } from '../id-params'

/** The longest title of an appointment group. */
export const RECORD_GROUP_TITLE_MAX = 100

/**
 * An appointment group of a company (a hall or department, such as "Hair hall" or "Nails"), with the working
 * staff members in it. Each staff member is in at most one group (the employee's record_group_id).
 */
export const recordGroupSchema = v.object({
  id: v.number(),
  title: v.string(),
  staff: v.array(v.object({ id: v.number(), name: v.string() })),
})
export type RecordGroup = v.InferOutput<typeof recordGroupSchema>
export const recordGroupListSchema = v.array(recordGroupSchema)

export const recordGroupParamsSchema = v.looseObject({ id: idParamSchema, groupId: idParamSchema })

/** Body of POST /company/{id}/record_groups and of PUT /company/{id}/record_groups/{groupId}. */
export const recordGroupBodySchema = v.object({ title: requiredTextSchema(RECORD_GROUP_TITLE_MAX) })
export type RecordGroupBody = v.InferOutput<typeof recordGroupBodySchema>
