import * as v from 'valibot'
import { idParamSchema, requiredTextSchema } from '../id-params'
import { atLeastOneField } from '../storable-values'

/** 0: each employee has their own services; 1: the position's employees share one set of services. */
export const servicesBindingTypes = [0, 1] as const

/** SPEC.md section 3: the position of an employee. */
export const positionSchema = v.object({
  id: v.number(),
  title: v.string(),
  services_binding_type: v.picklist(servicesBindingTypes),
  /** How many distinct services the position's current employees provide. */
  count_linked_services: v.number(),
})
export type Position = v.InferOutput<typeof positionSchema>
export const positionListSchema = v.array(positionSchema)

export const positionParamsSchema = v.looseObject({ id: idParamSchema, positionId: idParamSchema })

/** Body of POST /company/{id}/positions. */
export const positionCreateSchema = v.object({
  title: requiredTextSchema(100),
  services_binding_type: v.optional(
    v.picklist(servicesBindingTypes, /*i18n*/ 'must be 0 (per employee) or 1 (per position)'),
    0,
  ),
})
export type PositionCreate = v.InferOutput<typeof positionCreateSchema>

/** Body of PUT /company/{id}/positions/{positionId}. */
export const positionUpdateSchema = v.pipe(v.partial(positionCreateSchema), atLeastOneField())
export type PositionUpdate = v.InferOutput<typeof positionUpdateSchema>

/**
 * Who keeps a position from being deleted (the 409 of DELETE /company/{id}/positions/{positionId}, code 3001, in
 * errors.used_by): the names of the working employees and of the team members (users) who hold it.
 */
export const positionInUseSchema = v.object({ staff: v.array(v.string()), members: v.array(v.string()) })
export type PositionInUse = v.InferOutput<typeof positionInUseSchema>
