import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { Appointment } from '../../../contract/appointments/schemas'
import { showsInWindow, type CustomFieldValueInput } from '../../../contract/custom-fields/schemas'
import { ApiError } from '../../api/api-error'
import { useMoveAppointment } from '../../api/appointments/appointments'
import { useKindCustomFields } from '../../api/custom-fields/custom-fields'
import { FormAlert } from '../../ui/form-alert'
import { showToast } from '../../ui/toast-store'
import { CustomFieldInput } from '../custom-fields/custom-field-input'
import { useCurrentCompany } from '../shell/company-workspace'
import { bookFailureText } from './book-failure'

type Values = Record<string, CustomFieldValueInput | null>

/**
 * The record-kind custom fields whose ui option shows them in the record window (SPEC.md sections 3 and 6), as
 * inputs by type, saved on the appointment. Without the read flag nothing shows; without the edit flag (or the
 * right to change this appointment) the inputs are disabled with the reason under them.
 */
export function AppointmentFieldsForm(props: { appointment: Appointment }) {
  const { t, i18n } = useLingui()
  const company = useCurrentCompany()
  const { access } = company
  const { appointment } = props
  const readable =
    access.custom_fields_record_values_read_access || access.custom_fields_record_values_edit_access
  const definitions = useKindCustomFields(company.id, 'record')
  const fields = readable
    ? (definitions.data ?? []).filter((field) => showsInWindow(field.ui_options, 'record'))
    : []
  const save = useMoveAppointment(company.id)
  const [values, setValues] = useState<Values>(() => ({ ...appointment.custom_fields }))
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({})
  const [failure, setFailure] = useState('')
  const mayChangeAppointment =
    access.record_edit_access && (appointment.status !== 'paid' || access.record_paid_edit_access)
  const editable = access.custom_fields_record_values_edit_access && mayChangeAppointment
  if (fields.length === 0) return null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure('')
    const found: Partial<Record<string, string>> = {}
    for (const field of fields) {
      if (field.type === 'number' && typeof values[String(field.id)] === 'string') {
        found[String(field.id)] = t`Enter a number.`
      }
    }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const body = Object.fromEntries(
      fields.map((field) => {
        const value = values[String(field.id)]
        return [String(field.id), value === '' || value === undefined ? null : value]
      }),
    )
    try {
      await save.mutateAsync({ id: appointment.id, custom_fields: body })
      showToast('success', t`The appointment's fields are saved.`)
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.details.fieldErrors : undefined
      if (error instanceof ApiError && error.status === 422 && fieldErrors) {
        setErrors(
          Object.fromEntries(
            Object.entries(fieldErrors).map(([key, messages]) => [
              key.replace(/^custom_fields\./, ''),
              messages[0] ?? t`Check this field.`,
            ]),
          ),
        )
      } else setFailure(bookFailureText(error, i18n))
    }
  }

  const reason = !access.custom_fields_record_values_edit_access
    ? t`Your rights in this company let you read the custom fields of appointments but not change them.`
    : t`Your rights in this company do not let you change this appointment.`
  return (
    <form className="book-fields" onSubmit={(event) => void submit(event)} noValidate>
      <fieldset disabled={!editable} aria-describedby={editable ? undefined : 'book-fields-reason'}>
        <legend>
          <Trans>Appointment fields</Trans>
        </legend>
        {fields.map((field) => (
          <CustomFieldInput
            key={field.id}
            field={field}
            value={values[String(field.id)] ?? null}
            error={errors[String(field.id)]}
            disabled={!editable}
            onChange={(value) => setValues((current) => ({ ...current, [String(field.id)]: value }))}
          />
        ))}
        {editable ? (
          <button
            type="submit"
            className="button button--small"
            disabled={save.isPending}
            aria-busy={save.isPending}
          >
            <Trans>Save the fields</Trans>
          </button>
        ) : null}
      </fieldset>
      {editable ? null : (
        <p id="book-fields-reason" className="field__hint">
          {reason}
        </p>
      )}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </form>
  )
}
