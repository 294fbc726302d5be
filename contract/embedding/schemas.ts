import * as v from 'valibot'

/** GET /embedding/config: the exact origins allowed to frame the app (EMBED_PARENT_ORIGINS). */
export const embeddingConfigSchema = v.object({
  parent_origins: v.array(v.string()),
})
export type EmbeddingConfig = v.InferOutput<typeof embeddingConfigSchema>

/** POST /embedding/parent_token: names the parent the token is for; it must be on the allow-list. */
export const parentTokenBodySchema = v.object({
  parent_origin: v.pipe(v.string(), v.minLength(1, /*i18n*/ 'is required'), v.maxLength(2048)),
})
export type ParentTokenBody = v.InferOutput<typeof parentTokenBodySchema>

/** The bearer token of a new session of the same user, for the parent; it carries no refresh token. */
export const parentTokenSchema = v.object({
  access_token: v.string(),
  token_type: v.literal('Bearer'),
  expires_in: v.number(),
})
export type ParentToken = v.InferOutput<typeof parentTokenSchema>
