import { Trans, useLingui } from '@lingui/react/macro'
import type { FormEvent, ReactNode } from 'react'
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
  /** Fields beside the title (a category's translations), shown under it. */
  children?: ReactNode
  /** Checks those fields when the form is sent; false keeps the form from saving. */
  checkMore?: () => boolean
}

/** A row's title turned into a field in place, with Save and Cancel (categories, goods categories, instances). */
export function RenameForm(props: RenameFormProps) {
  const { current, field, busy, onSave, onCancel, className, children, checkMore } = props
  const { t } = useLingui()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    const moreValid = checkMore ? checkMore() : true
    if (field.valid && moreValid) onSave(field.trimmed)
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
      {children}
      <SubmitButton busy={busy}>
        <Trans>Save</Trans>
      </SubmitButton>
      <button type="button" className="button" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
    </Form>
  )
}
