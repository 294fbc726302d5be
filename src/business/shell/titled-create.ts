import type { FormEvent } from 'react'
import type { ApiError } from '../../api/api-error'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { showToast } from '../../ui/toast-store'
import { useTitleField } from './title-field'
import { isTitleTaken, useTakenTitle } from './title-taken'

interface TitledCreateOptions<TItem> {
  /** The field's message when the title is left empty. */
  emptyMessage: string
  /** The field's message when the server answers that the title is taken. */
  takenMessage: string
  /** Sends the create call with the checked title (the mutation's `mutate` with its callbacks). */
  create: (
    title: string,
    callbacks: { onSuccess: (item: TItem) => void; onError: (error: Error) => void },
  ) => void
  /** The toast once created. */
  createdMessage: (item: TItem) => string
}

/**
 * The title field of a "new item" form above a list, and its submit: the title is checked, sent, cleared with a
 * toast once created; a taken title is said at the field, any other refusal in a toast.
 */
export function useTitledCreate<TItem>(options: TitledCreateOptions<TItem>) {
  const field = useTitleField('', options.emptyMessage)
  const taken = useTakenTitle(field, options.takenMessage)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    if (!field.valid) return
    const title = field.trimmed
    options.create(title, {
      onSuccess: (item) => {
        field.setTitle('')
        field.reset()
        showToast('success', options.createdMessage(item))
      },
      onError: (error) => {
        if (isTitleTaken(error as ApiError)) taken.refuse(title)
        else showRequestFailureToast(error as ApiError)
      },
    })
  }
  return { field: { ...field, error: taken.error }, error: taken.error, submit }
}
