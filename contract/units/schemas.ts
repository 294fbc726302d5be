import * as v from 'valibot'

/** A unit goods are measured in (piece, millilitre, gram). */
export const unitSchema = v.object({ id: v.number(), title: v.string(), short_title: v.string() })
export type Unit = v.InferOutput<typeof unitSchema>
export const unitsSchema = v.array(unitSchema)
