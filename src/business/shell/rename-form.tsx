import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent } from 'react'
import { Form } from '../../ui/form'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import type { TitleField } from './title-field'

interface RenameFormProps {
  /** What is renamed, as the list shows it; the form is named after it. */
  current: string
  field: TitleField
  busy: boolean
  /** Called once the title is valid; the form has already been marked as sent. */
  onSave: (title: string) => void
  onCancel: () => void
  className?: string
}

/** A row's title turned into a field in place, with Save and Cancel (categories, goods categories, instances). */
export function RenameForm({ current, field, busy, onSave, onCancel, className }: RenameFormProps) {
  const { t } = useLingui()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    if (field.valid) onSave(field.trimmed)
  }
  return (
    <Form
      onSubmit={submit}
      errors={field.error}
      className={className ? `inline-form ${className}` : 'inline-form'}
      aria-label={t`Rename ${current}`}
    >
      <TextField
        label={<Trans>Title</Trans>}
        value={field.title}
        onChange={(event) => field.setTitle(event.target.value)}
        error={field.error}
        autoComplete="off"
        autoFocus
      />
      <SubmitButton busy={busy}>
        <Trans>Save</Trans>
      </SubmitButton>
      <button type="button" className="button" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
    </Form>
  )
}
