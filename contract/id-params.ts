import * as v from 'valibot'
import { INT4_MAX, storableText, visibleText, withinProductYears } from './storable-values'
import { fieldText } from './field-text'

/** An id in a path or query string: digits only, from 1 up to what an integer column holds. */
export const idParamSchema = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(String),
  v.regex(/^\d{1,20}$/, /*i18n*/ 'must be a positive integer'),
  v.transform(Number),
  v.minValue(1, /*i18n*/ 'must be a positive integer'),
  v.maxValue(INT4_MAX, /*i18n*/ 'is too large'),
)

/** An id in a JSON body: a whole number from 1 up to what an integer column holds. */
export const idSchema = v.pipe(
  v.number(/*i18n*/ 'must be a number'),
  v.integer(/*i18n*/ 'must be a whole number'),
  v.minValue(1, /*i18n*/ 'must be a positive integer'),
  v.maxValue(INT4_MAX, /*i18n*/ 'is too large'),
)

/** A whole number from 0 up to a bound, in a JSON body. */
export const countSchema = (max: number) =>
  v.pipe(
    v.number(/*i18n*/ 'must be a number'),
    v.integer(/*i18n*/ 'must be a whole number'),
    v.minValue(0, /*i18n*/ 'must not be negative'),
    v.maxValue(max, fieldText(/*i18n*/ 'must be at most {max}', { max })),
  )

/** A calendar date as YYYY-MM-DD that exists in the calendar. */
export const dateSchema = v.pipe(
  v.string(/*i18n*/ 'must be a date'),
  v.isoDate(/*i18n*/ 'must be a date as YYYY-MM-DD'),
  v.check(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    /*i18n*/ 'must be a real date',
  ),
  withinProductYears(),
)

/** A text field of a bounded length with its surrounding spaces removed. */
export const textSchema = (max: number) =>
  v.pipe(
    v.string(/*i18n*/ 'must be text'),
    storableText(),
    visibleText(),
    v.trim(),
    v.maxLength(
      max,
      fieldText(/*i18n*/ 'must be at most {max, plural, one {# character} other {# characters}}', { max }),
    ),
  )

/** A text field that must not be empty once trimmed. */
export const requiredTextSchema = (max: number) =>
  v.pipe(textSchema(max), v.minLength(1, /*i18n*/ 'must not be empty'))

/** SPEC.md section 3: the three-state filter WITHOUT 0, ONLY 1, ALL 2 (one variant sends ALL as -1). */
export const FilterState = { without: 0, only: 1, all: 2 } as const
export type FilterStateValue = (typeof FilterState)[keyof typeof FilterState]

export const filterStateSchema = (fallback: FilterStateValue) =>
  v.pipe(
    v.optional(
      v.picklist(['0', '1', '2', '-1'], /*i18n*/ 'must be 0 (without), 1 (only) or 2 (all)'),
      String(fallback) as '0',
    ),
    v.transform((value): FilterStateValue => (value === '-1' ? 2 : (Number(value) as FilterStateValue))),
  )

/** Params of routes about one company named `companyId`. */
export const companyParamsSchema = v.looseObject({ companyId: idParamSchema })
