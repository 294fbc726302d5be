import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { ServiceCategory } from '../../../contract/service-categories/schemas'
import type { Employee } from '../../../contract/staff/schemas'
import type { Service } from '../../../contract/services/schemas'
import type { CompositePart } from '../../../machines/composite-status'
import type { CallFailure } from '../../../machines/call-failure'
import type { ServiceEditorEvent, serviceEditorMachine } from '../../../machines/service-editor'
import { Checkbox } from '../../ui/checkbox'
import { Form } from '../../ui/form'
import { FormAlert } from '../../ui/form-alert'
import { SelectField } from '../../ui/select-field'
import { SubmitButton } from '../../ui/submit-button'
import { TextAreaField } from '../../ui/text-area-field'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { ReadOnlyNote } from '../shell/read-only-note'
import { useTranslationFields, type TranslationLanguage } from '../shell/title-translations'
import { TranslationFields } from '../shell/translation-fields'
import {
  checkServiceForm,
  formFieldOfApiField,
  formValuesOf,
  type ServiceFormField,
  type ServiceFormValues,
} from './service-form'
import { checkCompositeParts, compositeTotalsOf, discountTextOf, partsOfComposite } from './composite-parts'
import { CompositePartsFields } from './composite-parts-fields'
import { chainRulesOf } from './chain-rules'
import { formatPriceRange } from '../../i18n/format-money'
import { formatDuration } from './service-format'
import { checkStaffRows, staffRowsOf, type StaffRowValues } from './service-staff'
import { SaveConflictChoice } from '../shell/save-conflict-choice'
import { DurationFields } from '../shell/duration-fields'
import { ServiceStaffFields } from './service-staff-fields'

interface ServiceFormProps {
  service: Service | null
  categories: ServiceCategory[]
  /** The company's staff, to choose who performs the service; null where it is not offered (read-only). */
  employees: Employee[] | null
  /** For a composite service: the company's services, to make it of; null for a plain service. */
  catalogue: Service[] | null
  /** The company's currency, for the composite's total. */
  currency: string
  state: SnapshotFrom<typeof serviceEditorMachine>
  send: (event: ServiceEditorEvent) => void
  mayEdit: boolean
  mayChangePrices: boolean
  mayDelete: boolean
  /** The languages the title is translated into besides the company's own. */
  translationLanguages: TranslationLanguage[]
  /** The service's picture, which is kept apart from the form's save. */
  picture: ReactNode
}

/** What a refused save or delete means for the owner, in their words. */
function useFailureText() {
  const { t } = useLingui()
  return (failure: CallFailure) => {
    if (failure.status === 0) return t`No connection to the server. Check the connection and try again.`
    if (failure.status === 403) return t`Your rights in this company do not allow this change.`
    if (failure.status === 404) return t`The service no longer exists: someone may have deleted it.`
    if (failure.status === 409) return t`Someone saved changes to this service after you opened it.`
    if (failure.status === 422) return t`Some fields were not accepted. Check the marked fields.`
    return t`The change was not saved. Please try again.`
  }
}

/** The service's fields, its save and delete, as the editor's machine says. */
export function ServiceForm(props: ServiceFormProps) {
  const { t, i18n } = useLingui()
  const { service, categories, employees, catalogue, state, send, mayEdit, mayChangePrices, mayDelete } =
    props
  const [values, setValues] = useState<ServiceFormValues>(() =>
    formValuesOf(service, categories[0]?.id ?? null),
  )
  const [staffRows, setStaffRows] = useState<StaffRowValues[]>(() =>
    employees ? staffRowsOf(service, employees) : [],
  )
  const translations = useTranslationFields(service?.translations ?? [], props.translationLanguages)
  const [checked, setChecked] = useState(false)
  const failureText = useFailureText()
  const failure = state.context.failure
  useEffect(() => {
    if (failure) showToast('error', failureText(failure))
    // Shown once per refusal: each refusal is a new failure object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure])

  const [initialParts] = useState(() => partsOfComposite(service, catalogue ?? []))
  const [parts, setParts] = useState(initialParts)
  const onPartsChange = useCallback((next: CompositePart[]) => setParts(next), [])
  const [discount, setDiscount] = useState(() => discountTextOf(service))
  const compositeCheck = checkCompositeParts(parts, discount)
  const totals = catalogue
    ? compositeTotalsOf(parts, catalogue, compositeCheck.draft?.price_discount_percent ?? 0)
    : null
  // A composite's duration and price are its parts': the form checks the common fields with those.
  const check = checkServiceForm(
    totals
      ? {
          ...values,
          hours: String(Math.floor(totals.duration / 3600)),
          minutes: String(Math.floor((totals.duration % 3600) / 60)),
          priceMin: String(totals.price_min),
          priceMax: String(totals.price_max),
          breakMinutes: '0',
        }
      : values,
  )
  const staffCheck = checkStaffRows(staffRows, mayChangePrices)
  const problems: Partial<Record<ServiceFormField, string>> = {}
  if (checked && check.problems) {
    for (const [field, problem] of Object.entries(check.problems))
      problems[field as ServiceFormField] = t(problem)
  }
  for (const [apiField, formField] of Object.entries(formFieldOfApiField)) {
    if (failure?.fieldErrors[apiField] && !problems[formField])
      problems[formField] = t`The server did not accept this value.`
  }
  const set =
    <K extends ServiceFormField>(field: K) =>
    (value: ServiceFormValues[K]) =>
      setValues((previous) => ({ ...previous, [field]: value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    const translationsValid = translations.check()
    if (!check.draft || !translationsValid) return
    const common = { ...check.draft, translations: translations.toSave() }
    if (catalogue) {
      if (!compositeCheck.draft) return
      send({ type: 'save', draft: { ...common, composite_details: compositeCheck.draft } })
      return
    }
    if (staffCheck.problems.size > 0) return
    send({ type: 'save', draft: employees ? { ...common, staff: staffCheck.staff } : common })
  }
  const saving = state.matches('saving') || state.matches('reloading')
  const inConflict = state.matches('conflict') || state.matches('reloading')
  const confirming = state.matches('confirmingDelete') || state.matches('deleting')
  const readOnly = !mayEdit
  const chain = chainRulesOf(service)
  const chainTitle = chain.chainTitle

  return (
    <section className="card" aria-labelledby="service-title">
      <h1 id="service-title">
        {service ? (
          service.title
        ) : catalogue ? (
          <Trans>New composite service</Trans>
        ) : (
          <Trans>New service</Trans>
        )}
      </h1>
      {readOnly ? (
        <ReadOnlyNote>
          <Trans>
            You can see this service but not change it: your rights in this company do not include editing
            services.
          </Trans>
        </ReadOnlyNote>
      ) : null}
      <Form
        onSubmit={submit}
        errors={{ ...problems, ...translations.problems }}
        aria-labelledby="service-title"
      >
        <fieldset disabled={readOnly || saving || inConflict} className="plain-fieldset">
          <TextField
            label={<Trans>Title</Trans>}
            value={values.title}
            onChange={(event) => set('title')(event.target.value)}
            error={problems.title}
            autoComplete="off"
            disabled={chain.linked}
            hint={chain.linked ? <Trans>Set by the chain {chainTitle}.</Trans> : undefined}
          />
          <TranslationFields state={translations} />
          <SelectField
            label={<Trans>Category</Trans>}
            value={values.categoryId}
            onChange={(event) => set('categoryId')(event.target.value)}
            error={problems.categoryId}
          >
            {values.categoryId === '' ? <option value="">{t`Choose a category`}</option> : null}
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.title}
              </option>
            ))}
          </SelectField>
          {catalogue && totals ? (
            <CompositePartsFields
              initialParts={initialParts}
              catalogue={catalogue.filter((item) => item.id !== service?.id)}
              onPartsChange={onPartsChange}
              discount={discount}
              onDiscountChange={setDiscount}
              discountError={
                checked && compositeCheck.problems.discount ? t(compositeCheck.problems.discount) : undefined
              }
              partsError={
                checked && compositeCheck.problems.parts ? t(compositeCheck.problems.parts) : undefined
              }
              totals={t`Takes ${formatDuration(i18n, totals.duration)} and costs ${formatPriceRange(totals.price_min, totals.price_max, props.currency)}.`}
            />
          ) : (
            <>
              <DurationFields
                hours={values.hours}
                minutes={values.minutes}
                error={problems.minutes}
                onHours={set('hours')}
                onMinutes={set('minutes')}
              />
              <fieldset className="field-row" disabled={!mayChangePrices || chain.priceManaged}>
                <legend>
                  <Trans>Price</Trans>
                </legend>
                <TextField
                  label={<Trans>From</Trans>}
                  inputMode="numeric"
                  value={values.priceMin}
                  onChange={(event) => set('priceMin')(event.target.value)}
                  error={problems.priceMin}
                />
                <TextField
                  label={<Trans>Up to (leave empty for one price)</Trans>}
                  inputMode="numeric"
                  value={values.priceMax}
                  onChange={(event) => set('priceMax')(event.target.value)}
                  error={problems.priceMax}
                />
              </fieldset>
              {chain.priceManaged ? (
                <ReadOnlyNote>
                  <Trans>
                    Managed by the chain {chainTitle}: every salon of the chain charges this price.
                  </Trans>
                </ReadOnlyNote>
              ) : chain.range ? (
                <p className="field__hint">
                  <Trans>
                    The chain {chainTitle} allows{' '}
                    {formatPriceRange(chain.range.min, chain.range.max, props.currency)}.
                  </Trans>
                </p>
              ) : null}
              {mayChangePrices || chain.priceManaged ? null : (
                <ReadOnlyNote>
                  <Trans>Your rights do not include changing prices; the other fields can be saved.</Trans>
                </ReadOnlyNote>
              )}
              <TextField
                label={<Trans>Technical break after the service, minutes</Trans>}
                inputMode="numeric"
                value={values.breakMinutes}
                onChange={(event) => set('breakMinutes')(event.target.value)}
                error={problems.breakMinutes}
              />
            </>
          )}
          <Checkbox
            label={<Trans>Clients can book it online</Trans>}
            checked={values.isOnline}
            onChange={(event) => set('isOnline')(event.target.checked)}
          />
          <Checkbox
            label={<Trans>Active: offered to clients and in the appointment book</Trans>}
            checked={values.active}
            onChange={(event) => set('active')(event.target.checked)}
          />
          {employees && !catalogue ? (
            <ServiceStaffFields
              rows={staffRows}
              onChange={setStaffRows}
              problems={checked ? staffCheck.problems : new Map()}
              mayChangePrices={mayChangePrices}
              serviceHours={values.hours}
              serviceMinutes={values.minutes}
              servicePrice={values.priceMin}
            />
          ) : service && service.staff.length > 0 ? (
            <p>
              <Trans>Performed by: {service.staff.map((member) => member.name).join(', ')}</Trans>
            </p>
          ) : null}
          <TextAreaField
            label={<Trans>Comment</Trans>}
            value={values.comment}
            onChange={(event) => set('comment')(event.target.value)}
            error={problems.comment}
            disabled={chain.commentManaged}
          />
          {chain.commentManaged ? (
            <ReadOnlyNote>
              <Trans>Managed by the chain {chainTitle}: every salon of the chain shows this comment.</Trans>
            </ReadOnlyNote>
          ) : null}
        </fieldset>
        <FormAlert>{failure && !confirming && !inConflict ? failureText(failure) : null}</FormAlert>
        {inConflict ? (
          <SaveConflictChoice
            title={<Trans>Someone saved changes to this service after you opened it</Trans>}
            reloading={state.matches('reloading')}
            failure={state.context.failure}
            send={send}
          />
        ) : null}
        {readOnly || inConflict ? null : (
          <SubmitButton busy={saving}>
            {service ? <Trans>Save changes</Trans> : <Trans>Create the service</Trans>}
          </SubmitButton>
        )}
      </Form>
      {props.picture}
      {mayDelete && !confirming ? (
        <button
          type="button"
          className="button button--danger form-secondary-action"
          onClick={() => send({ type: 'delete.requested' })}
        >
          <Trans>Delete the service</Trans>
        </button>
      ) : null}
      {service && confirming ? (
        <DeleteConfirmation service={service} state={state} send={send} failureText={failureText} />
      ) : null}
    </section>
  )
}

/** Before a service goes: what it touches (the staff who perform it, the composite services it is part of). */
function DeleteConfirmation(props: {
  service: Service
  state: SnapshotFrom<typeof serviceEditorMachine>
  send: (event: ServiceEditorEvent) => void
  failureText: (failure: CallFailure) => string
}) {
  const { t } = useLingui()
  const { service, state, send, failureText } = props
  const deleting = state.matches('deleting')
  const staffNames = service.staff.map((member) => member.name).join(', ')
  return (
    <div
      className="confirm"
      role="alertdialog"
      aria-labelledby="delete-title"
      aria-describedby="delete-impact"
    >
      <h2 id="delete-title">
        <Trans>Delete "{service.title}"?</Trans>
      </h2>
      <div id="delete-impact">
        {service.staff.length > 0 ? (
          <p>
            <Trans>It is performed by: {staffNames}. They will no longer have it among their services.</Trans>
          </p>
        ) : null}
        {service.is_linked_to_composite ? (
          <p>
            <Trans>It is part of a composite service, which will lose this part.</Trans>
          </p>
        ) : null}
      </div>
      <FormAlert>{state.context.failure ? failureText(state.context.failure) : null}</FormAlert>
      <div className="confirm__actions">
        <button
          type="button"
          className="button button--danger"
          disabled={deleting}
          aria-busy={deleting}
          onClick={() => send({ type: 'delete.confirmed' })}
        >
          {t`Delete`}
        </button>
        <button
          type="button"
          className="button"
          disabled={deleting}
          onClick={() => send({ type: 'delete.cancelled' })}
        >
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  )
}
