import * as v from 'valibot'
import { INT4_MAX } from '../storable-values'
import { rightsSchema } from '../rights/schemas'

/** Query of GET /companies: `count` defaults to 1000 (SPEC.md section 9), `my=1` lists only the user's own. */
export const companiesQuerySchema = v.object({
  count: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, /*i18n*/ 'count must be a number'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(1000),
    ),
    '1000',
  ),
  my: v.optional(v.picklist(['0', '1']), '1'),
})

export const companyIdParamsSchema = v.object({
  id: v.pipe(
    v.string(),
    v.regex(/^\d{1,20}$/, /*i18n*/ 'id must be a positive integer'),
    v.transform(Number),
    v.maxValue(INT4_MAX, /*i18n*/ 'is too large'),
  ),
})

/** A company as the list of the user's companies shows it. */
export const companySummarySchema = v.object({
  id: v.number(),
  title: v.string(),
  /** salon for a single company, group for a chain (SPEC.md section 3). */
  type: v.picklist(['salon', 'group']),
  main_group_id: v.nullable(v.number()),
  country_id: v.number(),
  /**
   * The company's main language, its country's (SPEC.md section 3: a country has lang_id), in which its titles
   * are written; not in SPEC.md's company, so optional: absent reads as Russian, the product's default language.
   */
  language_id: v.optional(v.number()),
  timezone: v.string(),
  currency_short_title: v.string(),
  /** The signed-in user's relation to the company. */
  user_role: v.string(),
  position_id: v.nullable(v.number()),
})
export type Company = v.InferOutput<typeof companySummarySchema>

export const companiesSchema = v.array(companySummarySchema)

/**
 * One company, GET /company/{id}/: the summary plus `access`, the signed-in user's whole rights object
 * (SPEC.md section 6: the rights are loaded per user together with the company).
 */
export const companySchema = v.object({ ...companySummarySchema.entries, access: rightsSchema })
export type CompanyWithAccess = v.InferOutput<typeof companySchema>

/** How many companies one request lists (SPEC.md section 9): GET /companies?count=1000&my=1. */
export const companiesFetchCount = 1000
