import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min'
import { useState, type FormEvent, type ReactNode } from 'react'
import {
  clientLimits,
  type ClientCard,
  type ClientFieldValue,
  type CreateClientBody,
} from '../../../contract/clients/schemas'
import { showsInWindow } from '../../../contract/custom-fields/schemas'
import { ErrorCode } from '../../../contract/error-codes'
import { LabelEntity } from '../../../contract/labels/schemas'
import type { ApiError } from '../../api/api-error'
import { useClientCategories } from '../../api/client-categories/client-categories'
import { useKindCustomFields } from '../../api/custom-fields/custom-fields'
import { useCompanyLabels } from '../../api/labels/labels'
import { useCountries } from '../../api/onboarding/queries'
import { languageOf } from '../../../contract/ui-languages'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SelectField } from '../../ui/select-field'
import { SubmitButton } from '../../ui/submit-button'
import { TextAreaField } from '../../ui/text-area-field'
import { TextField } from '../../ui/text-field'
import { useCurrentCompany } from '../shell/company-workspace'
import { CustomFieldInput } from '../custom-fields/custom-field-input'

/** What the form edits: the card's facts as the inputs hold them. */
interface Draft {
  name: string
  surname: string
  phone: string
  country: string
  email: string
  birthDate: string
  comment: string
  labels: number[]
  categories: number[]
  fields: Record<string, ClientFieldValue | null>
}

type Errors = Partial<Record<string, string>>

/** The client a 409 names: another live client has the phone. */
export interface ExistingClient {
  id: number
  name: string
  surname: string
}

/** The phone as the server takes it: international when it parses in the chosen country, else as typed. */
export function phoneToSend(phone: string, countryIso: string): string {
  const trimmed = phone.trim()
  if (trimmed === '') return ''
  const parsed = parsePhoneNumberFromString(trimmed, countryIso as CountryCode)
  return parsed?.isValid() ? parsed.number : trimmed
}

/** A stored E.164 phone as the user reads it: international format with spaces, as typed back it parses again. */
export function formatClientPhone(phone: string | null): string {
  if (!phone) return ''
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone
}

/**
 * The create dialog's and the card's form: name, surname, phone with its country, e-mail, birth date, categories,
 * labels, the client-kind custom fields whose ui option shows them in the client window, and a comment. Fields
 * the user's rights do not open are disabled with the reason under them.
 */
export function ClientForm(props: {
  client?: ClientCard
  busy: boolean
  submitLabel: ReactNode
  /** Sends the body; answers the failure for the form to show, or nothing on success. */
  onSubmit: (body: CreateClientBody) => Promise<ApiError | undefined>
  onCancel?: () => void
  disabled?: boolean
}) {
  const { t, i18n } = useLingui()
  const company = useCurrentCompany()
  const access = company.access
  const countries = useCountries(languageOf(i18n.locale)).data ?? []
  const companyIso = countries.find((country) => country.id === company.country_id)?.iso_code ?? 'RU'
  const labels = (useCompanyLabels(company.id).data ?? []).filter(
    (label) => !label.deleted && (label.entity === LabelEntity.client || label.entity === LabelEntity.common),
  )
  const categories = useClientCategories(company.id).data?.categories ?? []
  const fieldsReadable =
    access.custom_fields_client_values_read_access || access.custom_fields_client_values_edit_access
  const fields = (useKindCustomFields(company.id, 'client').data ?? []).filter(
    (field) => fieldsReadable && showsInWindow(field.ui_options, 'client'),
  )
  const client = props.client
  const [draft, setDraft] = useState<Draft>(() => ({
    name: client?.name ?? '',
    surname: client?.surname ?? '',
    phone: client?.phone_hidden ? (client.phone ?? '') : formatClientPhone(client?.phone ?? null),
    country: '',
    email: client?.email ?? '',
    birthDate: client?.birth_date ?? '',
    comment: client?.comment ?? '',
    labels: client?.labels.map((label) => label.id) ?? [],
    categories: client?.categories.map((category) => category.id) ?? [],
    fields: { ...(client?.custom_fields ?? {}) },
  }))
  const [errors, setErrors] = useState<Errors>({})
  const [existing, setExisting] = useState<ExistingClient | null>(null)
  const country = draft.country || companyIso
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }))
  const phoneLocked = !access.client_phones_access && client !== undefined
  const emailLocked = !access.client_email_access && client !== undefined

  const check = (): Errors => {
    const found: Errors = {}
    if (!draft.name.trim()) found.name = t`Enter the client's name.`
    if (draft.phone.trim() && !phoneLocked) {
      const parsed = parsePhoneNumberFromString(draft.phone.trim(), country as CountryCode)
      if (!parsed?.isValid()) found.phone = t`Enter a valid phone number.`
    }
    if (draft.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) {
      found.email = t`Enter a valid e-mail address.`
    }
    for (const field of fields) {
      const value = draft.fields[String(field.id)]
      if (field.type === 'number' && typeof value === 'string' && value.trim() !== '') {
        found[`custom_fields.${field.id}`] = t`Enter a number.`
      }
    }
    return found
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = check()
    setErrors(found)
    setExisting(null)
    if (Object.keys(found).length > 0) return
    const body: CreateClientBody = {
      name: draft.name.trim(),
      surname: draft.surname.trim(),
      comment: draft.comment,
      labels: draft.labels,
      birth_date: draft.birthDate || null,
      ...(phoneLocked ? {} : { phone: phoneToSend(draft.phone, country) || null }),
      ...(emailLocked ? {} : { email: draft.email.trim() || null }),
      ...(access.client_categories_access ? { categories: draft.categories } : {}),
      ...(access.custom_fields_client_values_edit_access && fields.length > 0
        ? {
            custom_fields: Object.fromEntries(
              fields.map((field) => {
                const value = draft.fields[String(field.id)]
                return [String(field.id), value === '' || value === undefined ? null : value]
              }),
            ),
          }
        : {}),
    }
    const failure = await props.onSubmit(body)
    if (!failure) return
    if (failure.details.code === ErrorCode.duplicateClientPhone) {
      const other = failure.details.errorDetails?.existing_client as ExistingClient | undefined
      setExisting(other ?? null)
      setErrors({ phone: t`Another client already has this phone number.` })
    } else if (failure.status === 422 && failure.details.fieldErrors) {
      setErrors(
        Object.fromEntries(
          Object.keys(failure.details.fieldErrors).map((key) => [key, t`Check this field.`]),
        ),
      )
    } else showRequestFailureToast(failure)
  }

  const disabled = props.disabled === true
  return (
    <Form onSubmit={(event) => void submit(event)} errors={errors} className="client-form">
      <fieldset className="client-form__fields" disabled={disabled}>
        <div className="client-form__row">
          <TextField
            label={<Trans>Name</Trans>}
            value={draft.name}
            onChange={(event) => set({ name: event.target.value })}
            error={errors.name}
            maxLength={clientLimits.name}
            autoComplete="off"
            required
          />
          <TextField
            label={<Trans>Surname</Trans>}
            value={draft.surname}
            onChange={(event) => set({ surname: event.target.value })}
            maxLength={clientLimits.surname}
            autoComplete="off"
          />
        </div>
        <div className="client-form__row">
          <SelectField
            label={<Trans>Phone country</Trans>}
            value={country}
            onChange={(event) => set({ country: event.target.value })}
            disabled={phoneLocked}
          >
            {countries
              .filter((option) => option.phone_code)
              .map((option) => (
                <option key={option.iso_code} value={option.iso_code}>
                  {option.flag} {option.title} +{option.phone_code}
                </option>
              ))}
          </SelectField>
          <TextField
            label={<Trans>Phone</Trans>}
            type="tel"
            value={draft.phone}
            onChange={(event) => set({ phone: event.target.value })}
            error={errors.phone}
            maxLength={clientLimits.phone}
            disabled={phoneLocked}
            hint={
              phoneLocked ? (
                <Trans>
                  Your rights in this company do not show client phone numbers in full, so you cannot change
                  it.
                </Trans>
              ) : undefined
            }
            autoComplete="off"
          />
        </div>
        {existing ? (
          <p className="client-form__existing" role="alert">
            <Trans>
              This number belongs to{' '}
              <Link
                to="/{-$lang}/company/$companyId/clients/$clientId"
                params={(params) => ({
                  ...params,
                  companyId: String(company.id),
                  clientId: String(existing.id),
                })}
              >
                {`${existing.name} ${existing.surname}`.trim()}
              </Link>
              . Open that card, or merge the two cards there.
            </Trans>
          </p>
        ) : null}
        <div className="client-form__row">
          <TextField
            label={<Trans>E-mail</Trans>}
            type="email"
            value={draft.email}
            onChange={(event) => set({ email: event.target.value })}
            error={errors.email}
            maxLength={clientLimits.email}
            disabled={emailLocked}
            hint={
              emailLocked ? (
                <Trans>Your rights in this company do not show client e-mail addresses.</Trans>
              ) : undefined
            }
            autoComplete="off"
          />
          <TextField
            label={<Trans>Birth date</Trans>}
            type="date"
            value={draft.birthDate}
            onChange={(event) => set({ birthDate: event.target.value })}
            error={errors.birth_date}
          />
        </div>
        {access.client_categories_access ? (
          categories.length > 0 ? (
            <CheckboxGroup
              name="categories"
              legend={<Trans>Client categories</Trans>}
              options={categories}
              chosen={draft.categories}
              onToggle={(id, on) =>
                set({ categories: on ? [...draft.categories, id] : draft.categories.filter((x) => x !== id) })
              }
            />
          ) : null
        ) : (
          <p className="field__hint">
            <Trans>Your rights in this company do not include client categories.</Trans>
          </p>
        )}
        {labels.length > 0 ? (
          <CheckboxGroup
            name="labels"
            legend={<Trans>Labels</Trans>}
            options={labels}
            chosen={draft.labels}
            error={errors.labels}
            onToggle={(id, on) =>
              set({ labels: on ? [...draft.labels, id] : draft.labels.filter((x) => x !== id) })
            }
          />
        ) : null}
        {fields.map((field) => (
          <CustomFieldInput
            key={field.id}
            field={field}
            value={draft.fields[String(field.id)] ?? null}
            error={errors[`custom_fields.${field.id}`]}
            disabled={!access.custom_fields_client_values_edit_access}
            onChange={(value) => set({ fields: { ...draft.fields, [String(field.id)]: value } })}
          />
        ))}
        {fields.length > 0 && !access.custom_fields_client_values_edit_access ? (
          <p className="field__hint">
            <Trans>
              Your rights in this company let you read the custom fields of clients but not change them.
            </Trans>
          </p>
        ) : null}
        <TextAreaField
          label={<Trans>Comment</Trans>}
          value={draft.comment}
          onChange={(event) => set({ comment: event.target.value })}
          maxLength={clientLimits.comment}
          rows={3}
        />
      </fieldset>
      {disabled ? null : (
        <div className="client-form__actions">
          <SubmitButton busy={props.busy}>{props.submitLabel}</SubmitButton>
          {props.onCancel ? (
            <button type="button" className="button button--inline" onClick={props.onCancel}>
              <Trans>Cancel</Trans>
            </button>
          ) : null}
        </div>
      )}
    </Form>
  )
}
