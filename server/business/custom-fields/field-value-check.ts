import type { CustomFieldValueInput } from '../../../contract/custom-fields/schemas'
import type { customFields } from '../../db/schema'

/**
 * What is wrong with a value for a custom field of its type, or nothing: text of at most 1000 characters, a
 * finite number, a real date as YYYY-MM-DD, one of a list's option keys, true or false. The same rule for the
 * values on a client card and on an appointment.
 */
export function checkFieldValue(
  field: typeof customFields.$inferSelect,
  value: CustomFieldValueInput,
): string | undefined {
  switch (field.typeSlug) {
    case 'text':
      return typeof value === 'string' && value.length <= 1000
        ? undefined
        : /*i18n*/ 'must be text of at most 1000 characters'
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) < 1e12
        ? undefined
        : /*i18n*/ 'must be a number'
    case 'date':
      return typeof value === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
        ? undefined
        : /*i18n*/ 'must be a date as YYYY-MM-DD'
    case 'select':
      return typeof value === 'string' && field.values.some(([key]) => key === value)
        ? undefined
        : /*i18n*/ 'must be one of the options of the list'
    case 'checkbox':
      return typeof value === 'boolean' ? undefined : /*i18n*/ 'must be true or false'
    default:
      return /*i18n*/ 'cannot be set'
  }
}
