import * as v from 'valibot'
import { idParamSchema, requiredTextSchema, textSchema } from '../id-params'
import { atLeastOneField } from '../storable-values'

/** goods for sale, consumables for services. */
export const storageTypes = ['goods', 'consumables'] as const
export type StorageType = (typeof storageTypes)[number]

export const storageSchema = v.object({
  id: v.number(),
  title: v.string(),
  type: v.picklist(storageTypes),
  comment: v.string(),
})
export type Storage = v.InferOutput<typeof storageSchema>
export const storagesSchema = v.array(storageSchema)

export const storageParamsSchema = v.looseObject({ companyId: idParamSchema, storageId: idParamSchema })

const storageTypeSchema = v.picklist(storageTypes, /*i18n*/ 'must be goods or consumables')

/** Body of POST storages/{companyId}/. */
export const storageCreateSchema = v.object({
  title: requiredTextSchema(100),
  type: storageTypeSchema,
  comment: v.optional(textSchema(500), ''),
})
export type StorageCreate = v.InferInput<typeof storageCreateSchema>

/** Body of PUT storages/{companyId}/{storageId}. */
export const storageUpdateSchema = v.pipe(
  v.object({
    title: v.optional(requiredTextSchema(100)),
    type: v.optional(storageTypeSchema),
    comment: v.optional(textSchema(500)),
  }),
  atLeastOneField(),
)
export type StorageUpdate = v.InferInput<typeof storageUpdateSchema>
