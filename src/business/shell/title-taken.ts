import { useState } from 'react'
import type { ApiError } from '../../api/api-error'
import type { TitleField } from './title-field'

/**
 * Whether the server refused a title because another row of the company has it (a 422 on `title`): the form
 * then says so under the field, in the reader's language, instead of an error toast.
 */
export const isTitleTaken = (error: ApiError) =>
  error.status === 422 && (error.fieldErrors.title?.length ?? 0) > 0

/**
 * A title field's own error, or `takenMessage` while the field still holds a title the server refused as
 * taken: typing another title clears it without a reset.
 */
export function useTakenTitle(field: TitleField, takenMessage: string) {
  const [refused, setRefused] = useState<string | null>(null)
  const error = field.error ?? (refused !== null && refused === field.trimmed ? takenMessage : undefined)
  return { error, refuse: (title: string) => setRefused(title) }
}
