import * as v from 'valibot'

/**
 * The JSON-API style envelope every reply travels in (DESIGN.md, "Data").
 * Success: `{ success: true, data, meta }`. Failure: an HTTP status plus
 * `{ success: false, data: null, meta: { message, errors? }, errors?: { code, message } }`.
 */
export const fieldErrorsSchema = v.record(v.string(), v.array(v.string()))
export type FieldErrors = v.InferOutput<typeof fieldErrorsSchema>

export const errorMetaSchema = v.looseObject({
  message: v.optional(v.string()),
  errors: v.optional(fieldErrorsSchema),
  /** `errors` in English, the server's message keys, sent when `errors` were translated (docs/api.md). */
  error_keys: v.optional(fieldErrorsSchema),
})

export const errorDetailSchema = v.looseObject({
  code: v.optional(v.number()),
  message: v.optional(v.string()),
})

export const failureEnvelopeSchema = v.looseObject({
  success: v.optional(v.literal(false)),
  data: v.optional(v.null()),
  message: v.optional(v.string()),
  meta: v.optional(v.union([errorMetaSchema, v.array(v.unknown())])),
  errors: v.optional(v.union([errorDetailSchema, v.array(v.unknown())])),
})
export type FailureEnvelope = v.InferOutput<typeof failureEnvelopeSchema>

/** Builds the schema of a successful envelope around the schema of its data. */
export function envelopeSchema<TData extends v.GenericSchema>(data: TData) {
  return v.looseObject({
    success: v.literal(true),
    data,
    meta: v.optional(v.unknown()),
  })
}
