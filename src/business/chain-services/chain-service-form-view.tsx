import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState, type FormEvent } from 'react'
import type { SnapshotFrom } from 'xstate'
import type { ChainService } from '../../../contract/chain-services/schemas'
import type { Company } from '../../../contract/companies/schemas'
import type { CallFailure } from '../../../machines/call-failure'
import type { ChainServiceDraft, chainServiceEditorMachine } from '../../../machines/chain-service-editor'
import type { ServiceEditorEvent } from '../../../machines/service-editor'
import { Checkbox } from '../../ui/checkbox'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { Form } from '../../ui/form'
import { FormAlert } from '../../ui/form-alert'
import { SubmitButton } from '../../ui/submit-button'
import { TextAreaField } from '../../ui/text-area-field'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { DeleteQuestion } from '../shell/delete-question'
import { ReadOnlyNote } from '../shell/read-only-note'
import { formatPriceRange } from '../../i18n/format-money'
import { SaveConflictChoice } from '../shell/save-conflict-choice'
import { DurationFields } from '../shell/duration-fields'
import {
  chainFormFieldOfApiField,
  chainFormValuesOf,
  checkChainServiceForm,
  type ChainServiceFormField,
  type ChainServiceFormValues,
} from './chain-service-form'

/** What a refused save or delete means for the chain's owner, in their words. */
function useFailureText() {
  const { t } = useLingui()
  return (failure: CallFailure) => {
    if (failure.status === 0) return t`No connection to the server. Check the connection and try again.`
    if (failure.status === 403)
      return t`Your rights do not allow this change in every salon it touches. Nothing was changed.`
    if (failure.status === 404) return t`The chain service no longer exists: someone may have deleted it.`
    if (failure.status === 409) return t`Someone saved changes to this chain service after you opened it.`
    if (failure.status === 422) return t`Some fields were not accepted. Check the marked fields.`
    return t`The change was not saved. Please try again.`
  }
}

/** The chain service's fields, the salons it is linked to, its save and delete, as the editor's machine says. */
export function ChainServiceForm(props: {
  service: ChainService | null
  /** The chain's salons the user belongs to, to link the service to. */
  salons: Company[]
  currency: string
  state: SnapshotFrom<typeof chainServiceEditorMachine>
  send: (event: ServiceEditorEvent<ChainServiceDraft>) => void
  mayEdit: boolean
  mayDelete: boolean
}) {
  const { t } = useLingui()
  const { service, salons, state, send, mayEdit, mayDelete } = props
  const [values, setValues] = useState<ChainServiceFormValues>(() =>
    chainFormValuesOf(
      service,
      salons.map((salon) => salon.id),
    ),
  )
  const [checked, setChecked] = useState(false)
  const failureText = useFailureText()
  const failure = state.context.failure
  useEffect(() => {
    if (failure) showToast('error', failureText(failure))
    // Shown once per refusal: each refusal is a new failure object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure])
  const check = checkChainServiceForm(values)
  const problems: Partial<Record<ChainServiceFormField, string>> = {}
  if (checked && check.problems) {
    for (const [field, problem] of Object.entries(check.problems))
      problems[field as ChainServiceFormField] = t(problem)
  }
  for (const [apiField, formField] of Object.entries(chainFormFieldOfApiField)) {
    if (failure?.fieldErrors[apiField] && !problems[formField])
      problems[formField] = t`The server did not accept this value.`
  }
  const set =
    <K extends ChainServiceFormField>(field: K) =>
    (value: ChainServiceFormValues[K]) =>
      setValues((previous) => ({ ...previous, [field]: value }))
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (check.draft) send({ type: 'save', draft: check.draft })
  }
  const saving = state.matches('saving') || state.matches('reloading')
  const inConflict = state.matches('conflict') || state.matches('reloading')
  const confirming = state.matches('confirmingDelete') || state.matches('deleting')
  const readOnly = !mayEdit
  const salonTitle = (id: number) => salons.find((salon) => salon.id === id)?.title ?? `#${id}`

  return (
    <section className="card" aria-labelledby="chain-service-title">
      <h1 id="chain-service-title">{service ? service.title : <Trans>New chain service</Trans>}</h1>
      {readOnly ? (
        <ReadOnlyNote>
          <Trans>
            You can see this chain service but not change it: your rights do not include editing services.
          </Trans>
        </ReadOnlyNote>
      ) : null}
      <Form onSubmit={submit} errors={problems} aria-labelledby="chain-service-title">
        <fieldset disabled={readOnly || saving || inConflict} className="plain-fieldset">
          <TextField
            label={<Trans>Title</Trans>}
            value={values.title}
            onChange={(event) => set('title')(event.target.value)}
            error={problems.title}
            autoComplete="off"
          />
          <TextField
            label={<Trans>Category</Trans>}
            hint={<Trans>A salon newly linked gets the service in its category of this title.</Trans>}
            value={values.categoryTitle}
            onChange={(event) => set('categoryTitle')(event.target.value)}
            error={problems.categoryTitle}
            autoComplete="off"
          />
          <DurationFields
            hours={values.hours}
            minutes={values.minutes}
            error={problems.minutes}
            onHours={set('hours')}
            onMinutes={set('minutes')}
          />
          <fieldset className="field-row">
            <legend>
              <Trans>Chain price</Trans>
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
          <Checkbox
            label={<Trans>Price managed only in the chain: every salon charges this price</Trans>}
            checked={values.priceManaged}
            onChange={(event) => set('priceManaged')(event.target.checked)}
          />
          {values.priceManaged ? null : (
            <p className="field__hint">
              <Trans>Each salon sets its own price within this range.</Trans>
            </p>
          )}
          <TextAreaField
            label={<Trans>Chain comment</Trans>}
            value={values.comment}
            onChange={(event) => set('comment')(event.target.value)}
            error={problems.comment}
          />
          <Checkbox
            label={<Trans>Comment managed only in the chain: every salon shows this comment</Trans>}
            checked={values.commentManaged}
            onChange={(event) => set('commentManaged')(event.target.checked)}
          />
          <CheckboxGroup
            name="salon_ids"
            legend={<Trans>Salons that offer it</Trans>}
            options={salons.map((salon) => ({ id: salon.id, title: salon.title }))}
            chosen={values.salonIds}
            error={problems.salonIds}
            onToggle={(id, on) =>
              set('salonIds')(
                on ? [...values.salonIds, id] : values.salonIds.filter((salonId) => salonId !== id),
              )
            }
          />
          {service && service.salons.length > 0 ? (
            <div className="chain-copies">
              <h2>
                <Trans>In the salons now</Trans>
              </h2>
              <ul>
                {service.salons.map((copy) => (
                  <li key={copy.salon_id}>
                    {salonTitle(copy.salon_id)}:{' '}
                    {formatPriceRange(copy.price_min, copy.price_max, props.currency)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </fieldset>
        <FormAlert>{failure && !confirming && !inConflict ? failureText(failure) : null}</FormAlert>
        {inConflict ? (
          <SaveConflictChoice
            title={<Trans>Someone saved changes to this chain service after you opened it</Trans>}
            reloading={state.matches('reloading')}
            failure={state.context.failure}
            send={send}
          />
        ) : null}
        {readOnly || inConflict ? null : (
          <SubmitButton busy={saving}>
            {service ? <Trans>Save changes</Trans> : <Trans>Create the chain service</Trans>}
          </SubmitButton>
        )}
      </Form>
      {mayDelete && !confirming ? (
        <button
          type="button"
          className="button button--danger form-secondary-action"
          onClick={() => send({ type: 'delete.requested' })}
        >
          <Trans>Delete the chain service</Trans>
        </button>
      ) : null}
      {service && confirming ? (
        <DeleteQuestion
          label={t`Delete "${service.title}"?`}
          busy={state.matches('deleting')}
          onConfirm={() => send({ type: 'delete.confirmed' })}
          onCancel={() => send({ type: 'delete.cancelled' })}
        >
          <p>
            <Trans>
              Each salon keeps its copy as its own service, with its price and comment, so that its records
              stay.
            </Trans>
          </p>
          <FormAlert>{failure ? failureText(failure) : null}</FormAlert>
        </DeleteQuestion>
      ) : null}
    </section>
  )
}
