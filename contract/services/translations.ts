import * as v from 'valibot'
import { requiredTextSchema } from '../id-params'

/** A title in another language (SPEC.md section 3: language_id, translation). */
export const translationSchema = v.object({ language_id: v.number(), translation: v.string() })

/** Translations sent by the app: one per language, language ids as in SPEC.md section 3 (1 to 99). */
export const translationsInputSchema = v.pipe(
  v.array(
    v.object({
      language_id: v.pipe(v.number(), v.integer(), v.minValue(1, 'must be a language id'), v.maxValue(99)),
      translation: requiredTextSchema(255),
    }),
    'must be a list of translations',
  ),
  v.maxLength(60, 'must hold at most 60 translations'),
  v.check(
    (items) => new Set(items.map((item) => item.language_id)).size === items.length,
    'must hold one translation per language',
  ),
)
