import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import { LabelEntity, type Label } from '../../../contract/labels/schemas'
import type { ApiError } from '../../api/api-error'
import { useCompanyLabels, useCreateLabel, useDeleteLabel, useUpdateLabel } from '../../api/labels/labels'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { RowActions } from '../shell/row-actions'
import { useCurrentCompany } from '../shell/company-workspace'
import { DeleteQuestion } from '../shell/delete-question'
import { ReadOnlyNote } from '../shell/read-only-note'
import { fontColorFor } from '../../../contract/labels/label-font-color'
import { labelPalette } from './label-colors'

const labelsRoute = getRouteApi('/{-$lang}/company/$companyId/labels')

/** The entities a label can mark, in the order the tabs list them (SPEC.md section 3). */
export const labelTabs: { entity: Label['entity']; name: MessageDescriptor }[] = [
  { entity: LabelEntity.client, name: msg`Clients` },
  { entity: LabelEntity.record, name: msg`Appointments` },
  { entity: LabelEntity.activity, name: msg`Group events` },
  { entity: LabelEntity.common, name: msg`Common` },
]

/** The labels of one entity (the tab is in the URL): create, rename, recolour and delete, or just look. */
export function LabelsScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Labels`)
  const company = useCurrentCompany()
  const { entity = LabelEntity.client } = labelsRoute.useSearch()
  const labels = useCompanyLabels(company.id, entity)
  const canEdit = company.access.settings_labels_edit_access
  return (
    <section className="card" aria-labelledby="labels-title">
      <h1 id="labels-title">
        <Trans>Labels</Trans>
      </h1>
      <nav className="tabs" aria-label={t`Labels of`}>
        {labelTabs.map((tab) => (
          <Link
            key={tab.entity}
            from="/{-$lang}/company/$companyId/labels"
            search={{ entity: tab.entity }}
            activeOptions={{ exact: true, includeSearch: true }}
            activeProps={{}}
            aria-current={tab.entity === entity ? 'page' : undefined}
          >
            {t(tab.name)}
          </Link>
        ))}
      </nav>
      {canEdit ? (
        <NewLabel key={entity} companyId={company.id} entity={entity} />
      ) : (
        <ReadOnlyNote>
          <Trans>
            You can see the labels but not change them: your rights in this company do not include editing
            labels.
          </Trans>
        </ReadOnlyNote>
      )}
      {labels.isPending ? (
        <Spinner size="large" />
      ) : labels.isError ? (
        <div role="alert">
          <p>
            <Trans>The labels could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void labels.refetch()}>
            {t`Try again`}
          </button>
        </div>
      ) : labels.data.length === 0 ? (
        <p className="empty-state">
          <Trans>
            There are no labels here yet. A label marks, for example, regular clients or first visits.
          </Trans>
        </p>
      ) : (
        <ul className="category-list">
          {labels.data.map((label) => (
            <LabelRow
              key={label.id}
              companyId={company.id}
              label={label}
              canEdit={canEdit && !label.not_editable}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

/** A label as it shows on a client or an appointment. */
function LabelChip({ title, color }: { title: string; color: string }) {
  return (
    <span className="label-chip" style={{ background: color, color: fontColorFor(color) }}>
      {title}
    </span>
  )
}

function ColorChoice(props: { value: string; onChange: (color: string) => void }) {
  const { t } = useLingui()
  return (
    <fieldset className="color-choice">
      <legend>
        <Trans>Colour</Trans>
      </legend>
      {labelPalette.map((color) => (
        <label key={color} className="color-choice__option" style={{ background: color }}>
          <input
            type="radio"
            name="label-color"
            value={color}
            checked={props.value === color}
            onChange={() => props.onChange(color)}
            aria-label={t`Colour ${color}`}
          />
        </label>
      ))}
    </fieldset>
  )
}

function NewLabel({ companyId, entity }: { companyId: number; entity: Label['entity'] }) {
  const { t } = useLingui()
  const [title, setTitle] = useState('')
  const [color, setColor] = useState(labelPalette[0]!)
  const [checked, setChecked] = useState(false)
  const create = useCreateLabel(companyId)
  const error = checked && title.trim() === '' ? t`Enter the label's title.` : undefined
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setChecked(true)
    if (title.trim() === '') return
    create.mutate(
      {
        title: title.trim(),
        color,
        font_color: fontColorFor(color),
        icon: '',
        entity: entity as Label['entity'],
      },
      {
        onSuccess: (label) => {
          setTitle('')
          setChecked(false)
          showToast('success', t`Label "${label.title}" created.`)
        },
        onError: (failure) => showRequestFailureToast(failure as ApiError),
      },
    )
  }
  return (
    <Form onSubmit={submit} errors={error} className="label-form">
      <TextField
        label={<Trans>New label</Trans>}
        value={title}
        maxLength={100}
        onChange={(event) => setTitle(event.target.value)}
        error={error}
        autoComplete="off"
      />
      <ColorChoice value={color} onChange={setColor} />
      <p className="label-form__preview">
        <Trans>Preview:</Trans> <LabelChip title={title.trim() || t`Label`} color={color} />
      </p>
      <SubmitButton busy={create.isPending}>
        <Trans>Create</Trans>
      </SubmitButton>
    </Form>
  )
}

function LabelRow({ companyId, label, canEdit }: { companyId: number; label: Label; canEdit: boolean }) {
  const { t } = useLingui()
  const [mode, setMode] = useState<'viewing' | 'editing' | 'confirmingDelete'>('viewing')
  const [title, setTitle] = useState(label.title)
  const [color, setColor] = useState(label.color)
  const update = useUpdateLabel(companyId)
  const remove = useDeleteLabel(companyId)
  const error = title.trim() === '' ? t`Enter the label's title.` : undefined

  const save = (event: FormEvent) => {
    event.preventDefault()
    if (error) return
    update.mutate(
      { id: label.id, body: { title: title.trim(), color, font_color: fontColorFor(color) } },
      {
        onSuccess: () => setMode('viewing'),
        onError: (failure) => showRequestFailureToast(failure as ApiError),
      },
    )
  }
  if (mode === 'editing') {
    return (
      <li className="category-row">
        <Form onSubmit={save} errors={error} className="label-form" aria-label={t`Change ${label.title}`}>
          <TextField
            label={<Trans>Title</Trans>}
            value={title}
            maxLength={100}
            onChange={(event) => setTitle(event.target.value)}
            error={error}
            autoComplete="off"
          />
          <ColorChoice value={color} onChange={setColor} />
          <SubmitButton busy={update.isPending}>
            <Trans>Save</Trans>
          </SubmitButton>
          <button type="button" className="button" onClick={() => setMode('viewing')}>
            <Trans>Cancel</Trans>
          </button>
        </Form>
      </li>
    )
  }
  return (
    <li className="category-row">
      <div className="category-row__main">
        <LabelChip title={label.title} color={label.color} />
        <span className="category-row__count" />
        {canEdit && mode === 'viewing' ? (
          <RowActions
            title={label.title}
            edit={{
              word: 'change',
              onClick: () => {
                setTitle(label.title)
                setColor(label.color)
                setMode('editing')
              },
            }}
            onDelete={() => setMode('confirmingDelete')}
          />
        ) : null}
      </div>
      {mode === 'confirmingDelete' ? (
        <DeleteQuestion
          label={t`Delete ${label.title}`}
          busy={remove.isPending}
          onCancel={() => setMode('viewing')}
          onConfirm={() =>
            remove.mutate(label.id, {
              onSuccess: () => showToast('success', t`Label "${label.title}" deleted.`),
              onError: (failure) => {
                showRequestFailureToast(failure as ApiError)
                setMode('viewing')
              },
            })
          }
        >
          <p>
            <Trans>Delete the label "{label.title}"? It disappears from everything it marks.</Trans>
          </p>
        </DeleteQuestion>
      ) : null}
    </li>
  )
}
