import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState, type FormEvent, type ReactNode } from 'react'
import {
  customFieldLimits,
  customFieldTypeSlugs,
  LIST_TYPE,
  type CompanyCustomField,
  type CustomFieldKind,
  type CustomFieldTypeSlug,
} from '../../../contract/custom-fields/schemas'
import type { ApiError } from '../../api/api-error'
import {
  useCreateCustomField,
  useDeleteCustomField,
  useKindCustomFields,
  useSortCustomFields,
  useUpdateCustomField,
} from '../../api/custom-fields/custom-fields'
import { canEditCustomFields } from '../../api/custom-fields/read-access'
import { isUnownedFailure } from '../../api/unowned-failure'
import { Checkbox } from '../../ui/checkbox'
import { FieldError } from '../../ui/field-error'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { RowActions } from '../shell/row-actions'
import { useCurrentCompany } from '../shell/company-workspace'
import { DeleteQuestion } from '../shell/delete-question'
import { ReadOnlyNote } from '../shell/read-only-note'
import {
  createBody,
  draftOf,
  draftProblems,
  emptyDraft,
  hasProblems,
  newOptionRow,
  updateBody,
  withType,
  type DraftProblems,
  type FieldDraft,
} from './field-draft'
import { kindToShow, readableKindsInTabOrder } from './field-kinds'
import { orderAfterMove } from './field-order'

const customFieldsRoute = getRouteApi('/{-$lang}/company/$companyId/custom-fields')

const kindNames: Record<CustomFieldKind, MessageDescriptor> = {
  client: msg`Clients`,
  record: msg`Appointments`,
}

export const typeNames: Record<CustomFieldTypeSlug, MessageDescriptor> = {
  text: msg`Text`,
  number: msg`Number`,
  date: msg`Date`,
  select: msg`List`,
  checkbox: msg`Checkbox`,
}

/** A failed call that the screen reports itself (the API client already reports network and server failures). */
function reportFailure(failure: unknown) {
  if (!isUnownedFailure(failure as ApiError)) showRequestFailureToast(failure as ApiError)
}

/**
 * The custom fields of one kind (the tab is in the URL, `?kind=client|record`): the extra fields a salon's staff
 * fill in on a client's card or an appointment. Create, change, order and delete them, or just look.
 */
export function CustomFieldsScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Custom fields`)
  const company = useCurrentCompany()
  const { kind: requested } = customFieldsRoute.useSearch()
  // The shell shows this screen only to users who may read some kind, so there is always one to show.
  const kind = kindToShow(company.access, requested) ?? 'client'
  const fields = useKindCustomFields(company.id, kind)
  const canEdit = canEditCustomFields(company.access, kind)
  const sort = useSortCustomFields(company.id)
  const [creating, setCreating] = useState(false)

  const move = (index: number, step: -1 | 1) => {
    const ids = orderAfterMove(
      (fields.data ?? []).map((field) => field.id),
      index,
      step,
    )
    if (ids) sort.mutate({ parent_entity_type: kind, ids }, { onError: reportFailure })
  }

  return (
    <section className="card" aria-labelledby="custom-fields-title">
      <h1 id="custom-fields-title">
        <Trans>Custom fields</Trans>
      </h1>
      <p className="section-intro">
        <Trans>
          Extra fields your team fills in on a client's card or on an appointment, such as hair type or
          allergies.
        </Trans>
      </p>
      <nav className="tabs" aria-label={t`Custom fields of`}>
        {readableKindsInTabOrder(company.access).map((tab) => (
          <Link
            key={tab}
            from="/{-$lang}/company/$companyId/custom-fields"
            search={{ kind: tab }}
            activeOptions={{ exact: true, includeSearch: true }}
            activeProps={{}}
            aria-current={tab === kind ? 'page' : undefined}
            onClick={() => setCreating(false)}
          >
            {t(kindNames[tab])}
          </Link>
        ))}
      </nav>
      {!canEdit ? (
        <ReadOnlyNote>
          {kind === 'client' ? (
            <Trans>
              You can see the client fields but not change them: your rights in this company do not include
              editing the custom fields of clients.
            </Trans>
          ) : (
            <Trans>
              You can see the appointment fields but not change them: your rights in this company do not
              include editing the custom fields of appointments.
            </Trans>
          )}
        </ReadOnlyNote>
      ) : creating ? (
        <NewField key={kind} companyId={company.id} kind={kind} onDone={() => setCreating(false)} />
      ) : (
        <button
          type="button"
          className="button button--primary button--inline custom-field-new"
          onClick={() => setCreating(true)}
        >
          <Trans>New field</Trans>
        </button>
      )}
      {fields.isPending ? (
        <Spinner size="large" />
      ) : fields.isError ? (
        <div role="alert">
          <p>
            <Trans>The custom fields could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void fields.refetch()}>
            {t`Try again`}
          </button>
        </div>
      ) : fields.data.length === 0 ? (
        <EmptyState kind={kind} canEdit={canEdit} />
      ) : (
        <ul className="category-list custom-field-list" aria-busy={sort.isPending}>
          {fields.data.map((field, index) => (
            <FieldRow
              key={field.id}
              companyId={company.id}
              field={field}
              canEdit={canEdit}
              canMoveUp={index > 0 && !sort.isPending}
              canMoveDown={index < fields.data.length - 1 && !sort.isPending}
              move={(step) => move(index, step)}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

/** What an empty tab says: what a field is for, and how to make the first one. */
function EmptyState({ kind, canEdit }: { kind: CustomFieldKind; canEdit: boolean }) {
  if (!canEdit) {
    return (
      <p className="empty-state">
        {kind === 'client' ? (
          <Trans>There are no client fields yet. Someone who may edit them can add the first one.</Trans>
        ) : (
          <Trans>There are no appointment fields yet. Someone who may edit them can add the first one.</Trans>
        )}
      </p>
    )
  }
  return (
    <p className="empty-state">
      {kind === 'client' ? (
        <Trans>
          There are no client fields yet. Start with "New field": for example hair type or allergies, which
          your team then fills in on each client's card.
        </Trans>
      ) : (
        <Trans>
          There are no appointment fields yet. Start with "New field": for example the client's preferred
          drink, which your team then fills in on each appointment.
        </Trans>
      )}
    </p>
  )
}

/** Where a field shows, in one sentence. */
function WhereItShows({ field }: { field: CompanyCustomField }) {
  const record = field.ui_options?.show_in_record_window ?? false
  const client = field.ui_options?.show_in_client_window ?? false
  if (record && client) return <Trans>Shown in the client card and in the appointment window</Trans>
  if (client) return <Trans>Shown in the client card</Trans>
  if (record) return <Trans>Shown in the appointment window</Trans>
  return <Trans>Not shown in either window</Trans>
}

function FieldRow(props: {
  companyId: number
  field: CompanyCustomField
  canEdit: boolean
  canMoveUp: boolean
  canMoveDown: boolean
  move: (step: -1 | 1) => void
}) {
  const { t } = useLingui()
  const { companyId, field, canEdit, canMoveUp, canMoveDown, move } = props
  const [mode, setMode] = useState<'viewing' | 'editing' | 'confirmingDelete'>('viewing')
  const update = useUpdateCustomField(companyId)
  const remove = useDeleteCustomField(companyId)
  const type = typeNames[field.type as CustomFieldTypeSlug]

  if (mode === 'editing') {
    return (
      <li className="category-row">
        <FieldForm
          label={t`Change ${field.title}`}
          initial={draftOf(field)}
          busy={update.isPending}
          submitText={<Trans>Save</Trans>}
          onCancel={() => setMode('viewing')}
          onSubmit={(draft) =>
            update.mutate(
              { id: field.id, body: updateBody(draft) },
              {
                onSuccess: (saved) => {
                  setMode('viewing')
                  showToast('success', t`Field "${saved.title}" saved.`)
                },
                onError: reportFailure,
              },
            )
          }
        />
      </li>
    )
  }
  return (
    <li className="category-row custom-field-row">
      <div className="category-row__main">
        <span className="category-row__title">{field.title}</span>
        <span className="category-row__count">{type ? t(type) : field.type}</span>
        {canEdit && mode === 'viewing' ? (
          <RowActions
            title={field.title}
            move={{ canUp: canMoveUp, canDown: canMoveDown, onMove: move }}
            edit={{ word: 'change', onClick: () => setMode('editing') }}
            onDelete={() => setMode('confirmingDelete')}
          />
        ) : null}
      </div>
      {field.type === LIST_TYPE ? (
        <p className="custom-field-row__detail">
          <Trans>Options:</Trans> {field.values.map((value) => value.title).join(', ')}
        </p>
      ) : null}
      <p className="custom-field-row__detail">
        <WhereItShows field={field} />
      </p>
      {mode === 'confirmingDelete' ? (
        <DeleteQuestion
          label={t`Delete ${field.title}`}
          busy={remove.isPending}
          onCancel={() => setMode('viewing')}
          onConfirm={() =>
            remove.mutate(field.id, {
              onSuccess: () => showToast('success', t`Field "${field.title}" deleted.`),
              onError: (failure) => {
                reportFailure(failure)
                setMode('viewing')
              },
            })
          }
        >
          <p>
            {field.parent_entity_type === 'client' ? (
              <Trans>
                Delete the field "{field.title}"? It disappears from every client's card, with what was filled
                in.
              </Trans>
            ) : (
              <Trans>
                Delete the field "{field.title}"? It disappears from every appointment, with what was filled
                in.
              </Trans>
            )}
          </p>
        </DeleteQuestion>
      ) : null}
    </li>
  )
}

function NewField(props: { companyId: number; kind: CustomFieldKind; onDone: () => void }) {
  const { t } = useLingui()
  const create = useCreateCustomField(props.companyId)
  return (
    <FieldForm
      label={t`New field`}
      initial={emptyDraft(props.kind)}
      busy={create.isPending}
      submitText={<Trans>Create</Trans>}
      onCancel={props.onDone}
      onSubmit={(draft) =>
        create.mutate(createBody(props.kind, draft), {
          onSuccess: (field) => {
            props.onDone()
            showToast('success', t`Field "${field.title}" created.`)
          },
          onError: reportFailure,
        })
      }
    />
  )
}

/** The sentences of a draft's problems, in the user's language. */
function useProblemTexts(problems: DraftProblems) {
  const { t } = useLingui()
  const limits = customFieldLimits
  return {
    title:
      problems.title === 'required'
        ? t`Enter the field's title.`
        : problems.title === 'tooLong'
          ? t`A title can be at most ${limits.title} characters long.`
          : undefined,
    options:
      problems.options === 'required'
        ? t`A list needs at least one option.`
        : problems.options === 'tooMany'
          ? t`A list can offer at most ${limits.options} options.`
          : undefined,
    option: (key: string) =>
      problems.option[key] === 'repeated'
        ? t`This option is already in the list.`
        : problems.option[key] === 'tooLong'
          ? t`An option can be at most ${limits.option} characters long.`
          : undefined,
  }
}

/** The form of a field, new or saved: title, type, options of a list, and the windows it shows in. */
function FieldForm(props: {
  label: string
  initial: FieldDraft
  busy: boolean
  submitText: ReactNode
  onSubmit: (draft: FieldDraft) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const [draft, setDraft] = useState(props.initial)
  const [checked, setChecked] = useState(false)
  // A new object on each refused submission only, so that focus goes to what to fix then and not while typing.
  const [refusal, setRefusal] = useState<object | null>(null)
  // The row just added gets the focus, so that typing options is one field after another.
  const [focusKey, setFocusKey] = useState<string | null>(null)
  const problems = draftProblems(draft)
  const texts = useProblemTexts(checked ? problems : { option: {} })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (hasProblems(problems)) setRefusal({})
    else props.onSubmit(draft)
  }
  const setOption = (key: string, title: string) =>
    setDraft({
      ...draft,
      options: draft.options.map((option) => (option.key === key ? { ...option, title } : option)),
    })
  const addOption = () => {
    const row = newOptionRow()
    setFocusKey(row.key)
    setDraft({ ...draft, options: [...draft.options, row] })
  }
  const removeOption = (key: string) =>
    setDraft({ ...draft, options: draft.options.filter((option) => option.key !== key) })

  return (
    <Form onSubmit={submit} errors={refusal} className="custom-field-form" aria-label={props.label}>
      <div className="custom-field-form__row">
        <TextField
          label={<Trans>Title</Trans>}
          value={draft.title}
          maxLength={customFieldLimits.title}
          onChange={(event) => setDraft({ ...draft, title: event.target.value })}
          error={texts.title}
          autoComplete="off"
          autoFocus
        />
        <SelectField
          label={<Trans>Type</Trans>}
          value={draft.type}
          onChange={(event) => setDraft(withType(draft, event.target.value as CustomFieldTypeSlug))}
        >
          {customFieldTypeSlugs.map((slug) => (
            <option key={slug} value={slug}>
              {t(typeNames[slug])}
            </option>
          ))}
        </SelectField>
      </div>
      {draft.type === LIST_TYPE ? (
        <fieldset className="custom-field-form__options">
          <legend>
            <Trans>Options of the list</Trans>
          </legend>
          <ol className="custom-field-form__option-list">
            {draft.options.map((option, index) => (
              <li key={option.key} className="custom-field-form__option">
                <TextField
                  label={<Trans>Option {index + 1}</Trans>}
                  value={option.title}
                  maxLength={customFieldLimits.option}
                  onChange={(event) => setOption(option.key, event.target.value)}
                  // What is wrong with the list as a whole is said at its first option.
                  error={texts.option(option.key) ?? (index === 0 ? texts.options : undefined)}
                  autoComplete="off"
                  autoFocus={option.key === focusKey}
                />
                <button
                  type="button"
                  className="button button--small"
                  aria-label={t`Remove option ${index + 1}`}
                  onClick={() => removeOption(option.key)}
                >
                  <Trans>Remove</Trans>
                </button>
              </li>
            ))}
          </ol>
          {draft.options.length === 0 ? (
            <FieldError id="custom-field-options-error" message={texts.options} />
          ) : null}
          <button type="button" className="button button--small" onClick={addOption}>
            <Trans>Add an option</Trans>
          </button>
        </fieldset>
      ) : null}
      <fieldset className="custom-field-form__windows">
        <legend>
          <Trans>Where it shows</Trans>
        </legend>
        <Checkbox
          label={<Trans>In the client card</Trans>}
          checked={draft.showInClientWindow}
          onChange={(event) => setDraft({ ...draft, showInClientWindow: event.target.checked })}
        />
        <Checkbox
          label={<Trans>In the appointment window</Trans>}
          checked={draft.showInRecordWindow}
          onChange={(event) => setDraft({ ...draft, showInRecordWindow: event.target.checked })}
        />
      </fieldset>
      <div className="custom-field-form__actions">
        <SubmitButton busy={props.busy}>{props.submitText}</SubmitButton>
        <button type="button" className="button" onClick={props.onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </Form>
  )
}
