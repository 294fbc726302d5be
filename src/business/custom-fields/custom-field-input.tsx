import type { CompanyCustomField, CustomFieldValueInput } from '../../../contract/custom-fields/schemas'
import { SelectField } from '../../ui/select-field'
import { TextField } from '../../ui/text-field'

/** The longest text value the server takes (server/business/custom-fields/field-value-check.ts). */
export const CUSTOM_FIELD_TEXT_MAX = 1000

/**
 * The input of one custom field by its type, on a client card or in the appointment dialog: a checkbox, a list
 * with an empty choice, a number, a date, or text of at most 1000 characters. A number field hands on what was
 * typed when it is not a number yet, so the form can say so.
 */
export function CustomFieldInput(props: {
  field: CompanyCustomField
  value: CustomFieldValueInput | null
  error: string | undefined
  disabled: boolean
  onChange: (value: CustomFieldValueInput | null) => void
}) {
  const { field, value, disabled, onChange } = props
  switch (field.type) {
    case 'checkbox':
      return (
        <label className="check">
          <input
            type="checkbox"
            className="check__box"
            checked={value === true}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
          />
          <span className="check__label">{field.title}</span>
        </label>
      )
    case 'select':
      return (
        <SelectField
          label={field.title}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          error={props.error}
          onChange={(event) => onChange(event.target.value || null)}
        >
          <option value="">—</option>
          {field.values.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title}
            </option>
          ))}
        </SelectField>
      )
    case 'number':
      return (
        <TextField
          label={field.title}
          type="number"
          inputMode="decimal"
          value={value === null ? '' : String(value)}
          disabled={disabled}
          error={props.error}
          onChange={(event) => {
            const text = event.target.value
            onChange(text === '' ? null : Number.isFinite(Number(text)) ? Number(text) : text)
          }}
        />
      )
    case 'date':
      return (
        <TextField
          label={field.title}
          type="date"
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          error={props.error}
          onChange={(event) => onChange(event.target.value || null)}
        />
      )
    default:
      return (
        <TextField
          label={field.title}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          error={props.error}
          maxLength={CUSTOM_FIELD_TEXT_MAX}
          onChange={(event) => onChange(event.target.value)}
        />
      )
  }
}
