import * as v from 'valibot'

/** SPEC.md section 3: one uploaded picture. */
export const imageSchema = v.object({
  id: v.number(),
  path: v.string(),
  url: v.string(),
  width: v.number(),
  height: v.number(),
  type: v.string(),
  image_group_id: v.number(),
  version: v.number(),
})
export type Image = v.InferOutput<typeof imageSchema>

export const mediaEntities = ['service', 'master', 'salon', 'booking_form_appearance_header'] as const

/** SPEC.md section 3, media owner: the images of one service, master, salon or booking-form header. */
export const imageGroupSchema = v.object({
  id: v.number(),
  entity: v.picklist(mediaEntities),
  entity_id: v.number(),
  /** Newest first: the first one is the current picture. */
  images: v.array(imageSchema),
})
export type ImageGroup = v.InferOutput<typeof imageGroupSchema>

/** Upload limits, shared so that the app can refuse a file before sending it. */
export const imageUploadLimits = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/webp'] as const,
  maxSide: 8000,
}
