import * as v from 'valibot'
import { languages, pseudoLanguage } from '../ui-languages'

/**
 * Missing translation keys (SPEC.md sections 6 and 8): reported by the app of a user with the translator page
 * flag (src/i18n/missing-keys.ts), kept once per language and key with a count, listed for translators.
 */

/** A batch the app sends: at most 100 keys of any languages, each a message id of the catalogs. */
export const missingKeysReportSchema = v.object({
  keys: v.pipe(
    v.array(
      v.object({
        language: v.picklist([...languages, pseudoLanguage]),
        key: v.pipe(v.string(), v.minLength(1), v.maxLength(500)),
      }),
    ),
    v.minLength(1),
    v.maxLength(100),
  ),
})
export type MissingKeysReport = v.InferOutput<typeof missingKeysReportSchema>

export const missingKeysAcceptedSchema = v.object({
  /** How many keys of the batch were new to the list. */
  added: v.number(),
})

export const missingKeySchema = v.object({
  language: v.string(),
  key: v.string(),
  /** How many reports named it (each user's app names a key once per page load). */
  count: v.number(),
  first_seen: v.string(),
  last_seen: v.string(),
})
export type MissingKeyEntry = v.InferOutput<typeof missingKeySchema>

export const missingKeysSchema = v.array(missingKeySchema)
