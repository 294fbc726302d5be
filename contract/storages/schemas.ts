import * as v from 'valibot'

export const storageSchema = v.object({
  id: v.number(),
  title: v.string(),
  /** goods for sale, consumables for services. */
  type: v.picklist(['goods', 'consumables']),
  comment: v.string(),
})
export type Storage = v.InferOutput<typeof storageSchema>
export const storagesSchema = v.array(storageSchema)
