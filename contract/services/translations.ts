import * as v from 'valibot'
import { requiredTextSchema } from '../id-params'
import { isLanguageId } from '../languages'

/** A title in another language (SPEC.md section 3: language_id, translation). */
export const translationSchema = v.object({ language_id: v.number(), translation: v.string() })

/**
 * Translations sent by the app: one per language, each a language id of SPEC.md section 3 (contract/languages.ts)
 * and a title of at most 255 characters. An empty translation is refused: the app leaves a language out instead.
 */
export const translationsInputSchema = v.pipe(
  v.array(
    v.object({
      language_id: v.pipe(
        v.number(/*i18n*/ 'must be a language id'),
        v.integer(/*i18n*/ 'must be a language id'),
        v.check(isLanguageId, /*i18n*/ 'must be a language id'),
      ),
      translation: requiredTextSchema(255),
    }),
    /*i18n*/ 'must be a list of translations',
  ),
  v.maxLength(60, /*i18n*/ 'must hold at most 60 translations'),
  v.check(
    (items) => new Set(items.map((item) => item.language_id)).size === items.length,
    /*i18n*/ 'must hold one translation per language',
  ),
)
