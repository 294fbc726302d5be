import * as v from 'valibot'
import type { FieldErrors } from '../../contract/envelope'
import { findUnstorableValues } from '../../contract/storable-values'
import { HttpError } from './http-error'

/** The message of every 422 caused by a request that does not match its schema. */
export const VALIDATION_FAILED_MESSAGE = /*i18n*/ 'Validation failed'

const isEmpty = (input: unknown) => input === undefined || input === null || input === ''

/**
 * The field message of a check whose schema gives none: a sentence for the user by the kind of check, never
 * valibot's own text (`Invalid key: Expected "name" but received undefined`), which is written for developers.
 * Like every server text it is English here and translated for the reply (server/http/error-handler.ts).
 */
export function genericFieldMessage(issue: v.BaseIssue<unknown>): string {
  if (isEmpty(issue.input) && issue.type !== 'strict_object') return /*i18n*/ 'Fill in this field.'
  switch (issue.type) {
    case 'strict_object':
      return issue.path ? /*i18n*/ 'This field is not expected here.' : /*i18n*/ 'Check this field.'
    case 'min_length':
    case 'min_size':
    case 'min_words':
      return /*i18n*/ 'This is too short.'
    case 'max_length':
    case 'max_size':
    case 'max_words':
    case 'max_bytes':
    case 'max_graphemes':
      return /*i18n*/ 'This is too long.'
    case 'min_value':
    case 'gt_value':
      return /*i18n*/ 'The value is too small.'
    case 'max_value':
    case 'lt_value':
      return /*i18n*/ 'The value is too large.'
    case 'number':
    case 'integer':
    case 'safe_integer':
    case 'finite':
      return /*i18n*/ 'Enter a number.'
    case 'boolean':
      return /*i18n*/ 'Choose yes or no.'
    case 'picklist':
    case 'literal':
    case 'enum':
    case 'union':
    case 'variant':
      return /*i18n*/ 'Choose one of the options.'
    case 'email':
      return /*i18n*/ 'Enter an e-mail such as name@example.com.'
    case 'iso_date':
    case 'iso_date_time':
    case 'iso_time':
      return /*i18n*/ 'Enter a valid date or time.'
    default:
      return /*i18n*/ 'Check this field.'
  }
}

/**
 * Parses a request part (body, query or params) with the shared valibot schema of its call. A mismatch answers
 * 422 with one list of messages per field in meta.errors, which the client shows next to each field; problems
 * that belong to no field (a body that is not an object, say) are listed under `_`. A check the schema gives no
 * message for gets a sentence by its kind (genericFieldMessage); the error handler translates them all. Whatever the schema,
 * text PostgreSQL cannot store and arrays where an object belongs are refused too (findUnstorableValues).
 */
export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, input, { message: genericFieldMessage })
  // An array where an object belongs matters when the schema took it (as an object without keys); when the
  // schema refused it anyway, its own messages say more.
  const unstorable = findUnstorableValues(schema, input).filter(
    (value) => value.kind === 'text' || result.success,
  )
  if (result.success && unstorable.length === 0) return result.output
  const fieldErrors: FieldErrors = {}
  for (const { path, message } of unstorable) fieldErrors[path] = [...(fieldErrors[path] ?? []), message]
  if (result.success) throw new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors })
  const flat = v.flatten(result.issues)
  for (const [field, messages] of Object.entries(flat.nested ?? {})) {
    if (messages && messages.length > 0) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...messages]
  }
  if (flat.root && flat.root.length > 0) fieldErrors._ = [...(fieldErrors._ ?? []), ...flat.root]
  if (flat.other && flat.other.length > 0) fieldErrors._ = [...(fieldErrors._ ?? []), ...flat.other]
  throw new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors })
}
