import * as v from 'valibot'
import { fieldText } from './field-text'

/*
 * Building blocks for request fields whose values end up in PostgreSQL. Each one refuses, with a field message,
 * what the column cannot hold, so that bad input answers 422 at validation instead of failing inside a query.
 */

/** The largest value of a PostgreSQL integer (int4) column, which every id and count column here is. */
export const INT4_MAX = 2_147_483_647

/**
 * The years a date or a time may name (docs/decisions.md): wider than any booking, birthday or report, and up
 * to 2999 because 2999-12-31 is how a schedule without an end is written (`schedule_till`).
 */
export const PRODUCT_YEARS = { first: 1900, last: 2999 } as const

export const UNSTORABLE_TEXT_MESSAGE = /*i18n*/ 'must not contain NUL or unpaired surrogate characters'
export const OUTSIDE_PRODUCT_YEARS_MESSAGE = fieldText(
  /*i18n*/ 'must be a date between the years {first} and {last}',
  {
    first: PRODUCT_YEARS.first,
    last: PRODUCT_YEARS.last,
  },
)
export const NOT_AN_OBJECT_MESSAGE = 'must be an object'
export const NOTHING_TO_CHANGE_MESSAGE = /*i18n*/ 'Change at least one field'

/** A high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * True when PostgreSQL can store the text as it is: well-formed UTF-16 (a lone surrogate cannot be encoded as
 * UTF-8, and jsonb refuses its escape) and no NUL (text columns cannot hold it). The same test as
 * String.prototype.isWellFormed plus NUL, written as a pattern so that the app's older browsers run it too.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value)
}

/** Pipe action: the text is storable (see isStorableText). */
export const storableText = <TInput extends string>() =>
  v.check<TInput, typeof UNSTORABLE_TEXT_MESSAGE>(isStorableText, UNSTORABLE_TEXT_MESSAGE)

/**
 * Characters that change how text shows without being seen: bidirectional embeddings, overrides, isolates and
 * marks, zero-width spaces, the word joiner and the byte-order mark. The zero-width joiner and non-joiner stay
 * (emoji and some scripts need them).
 */
const INVISIBLE = /[\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g
/** Spaces other than the plain one: no-break, thin, ideographic and the like. */
const OTHER_SPACES = /(?! )\p{Zs}/gu

/**
 * Pipe action: what is typed, as it shows. Invisible characters go and every kind of space becomes a plain one,
 * so that "a\u202Eevil" cannot show reversed and two titles that look alike ("Barber\u00A0shop", "Barber shop")
 * are alike for the checks of unique titles. Line breaks stay.
 */
export const visibleText = <TInput extends string>() =>
  v.transform<TInput, string>((text) => text.replace(INVISIBLE, '').replace(OTHER_SPACES, ' '))

/** A string PostgreSQL can store. */
export const storableStringSchema = (message = /*i18n*/ 'must be text') =>
  v.pipe(v.string(message), storableText())

/** A whole number an int4 column holds, from `min` up (1 for ids, 0 for counts). */
export const int4Schema = (
  min = 1,
  message = min === 1 ? /*i18n*/ 'must be a positive integer' : /*i18n*/ 'must be a whole number',
) =>
  v.pipe(
    v.number(message),
    v.integer(message),
    v.minValue(min, message),
    v.maxValue(INT4_MAX, fieldText(/*i18n*/ 'must be at most {max}', { max: INT4_MAX })),
  )

/** True when the date or time, written as YYYY-..., names a year within PRODUCT_YEARS. */
export function isWithinProductYears(value: string): boolean {
  const year = /^(\d{4})-/.exec(value)?.[1]
  return year !== undefined && Number(year) >= PRODUCT_YEARS.first && Number(year) <= PRODUCT_YEARS.last
}

/** Pipe action for date and time strings: the year is within PRODUCT_YEARS. */
export const withinProductYears = <TInput extends string>(message: string = OUTSIDE_PRODUCT_YEARS_MESSAGE) =>
  v.check<TInput, string>(isWithinProductYears, message)

/**
 * Pipe action of update bodies whose fields are all optional: at least one field must be given, since an update
 * that sets nothing is a client mistake (and an empty SET is not SQL).
 */
export const atLeastOneField = <TInput extends Record<string, unknown>>(
  message = NOTHING_TO_CHANGE_MESSAGE,
) => v.check<TInput, string>((input) => Object.values(input).some((value) => value !== undefined), message)

/** One value of a request that PostgreSQL could not take, with the dotted path of its field. */
export interface UnstorableValue {
  path: string
  message: string
  /** `text` for text no column stores, `shape` for an array where an object belongs. */
  kind: 'text' | 'shape'
}

const OBJECT_TYPES = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest', 'record'])
const WRAPPER_TYPES = new Set([
  'optional',
  'nullable',
  'nullish',
  'exact_optional',
  'undefinedable',
  'non_optional',
  'non_nullable',
  'non_nullish',
])

interface SchemaShape {
  type?: string
  wrapped?: SchemaShape
  entries?: Record<string, SchemaShape>
  item?: SchemaShape
  value?: SchemaShape
  options?: readonly SchemaShape[]
}

/** The schema an optional, nullable, ... wraps, down to the first one that is not a wrapper. */
function unwrap(schema: SchemaShape | undefined): SchemaShape | undefined {
  let current = schema
  while (current?.type && WRAPPER_TYPES.has(current.type)) current = current.wrapped
  return current
}

/** An object schema for `options` when every option of a union is one (an array then matches none of them). */
function isObjectSchema(schema: SchemaShape | undefined): boolean {
  const inner = unwrap(schema)
  if (!inner?.type) return false
  if (OBJECT_TYPES.has(inner.type)) return true
  return (inner.type === 'union' || inner.type === 'variant') && (inner.options ?? []).every(isObjectSchema)
}

/**
 * Every value of a request (body, query, params or form fields) that no column can hold, whatever its schema
 * says: text, keys included, that is not storable (isStorableText), and arrays where the schema wants an object
 * (valibot's object schemas take an array as an object with no known keys, so `[]` would pass as an empty
 * update). The server refuses them before parsing, so no route can forget them.
 */
export function findUnstorableValues(schema: unknown, input: unknown): UnstorableValue[] {
  const found: UnstorableValue[] = []
  const visit = (shape: SchemaShape | undefined, value: unknown, path: string[], depth: number) => {
    const field = path.length === 0 ? '_' : path.join('.')
    if (typeof value === 'string') {
      if (!isStorableText(value)) found.push({ path: field, message: UNSTORABLE_TEXT_MESSAGE, kind: 'text' })
      return
    }
    if (value === null || typeof value !== 'object' || depth > 64) return
    const inner = unwrap(shape)
    if (Array.isArray(value)) {
      if (isObjectSchema(inner)) {
        found.push({ path: field, message: NOT_AN_OBJECT_MESSAGE, kind: 'shape' })
        return
      }
      value.forEach((item, index) => visit(inner?.item, item, [...path, String(index)], depth + 1))
      return
    }
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) {
        found.push({ path: field, message: UNSTORABLE_TEXT_MESSAGE, kind: 'text' })
        continue
      }
      const entry = inner?.entries?.[key] ?? (inner?.type === 'record' ? inner.value : undefined)
      visit(entry, item, [...path, key], depth + 1)
    }
  }
  visit(schema as SchemaShape, input, [], 0)
  return found
}
