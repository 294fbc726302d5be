import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'

/** The longest title the workspace's lists take (categories, resources, instances). */
const MAX_TITLE = 255

/**
 * A title an inline form checks before it asks the server: required (`emptyMessage` says what to enter) and at
 * most 255 characters. The error shows once the form has been sent (`check`), until `reset`.
 */
export function useTitleField(initial: string, emptyMessage: string) {
  const { t } = useLingui()
  const [title, setTitle] = useState(initial)
  const [checked, setChecked] = useState(false)
  const trimmed = title.trim()
  const problem =
    trimmed === ''
      ? emptyMessage
      : trimmed.length > MAX_TITLE
        ? t`A title can be at most 255 characters long.`
        : undefined
  return {
    title,
    setTitle,
    trimmed,
    error: checked ? problem : undefined,
    valid: problem === undefined,
    check: () => setChecked(true),
    reset: () => setChecked(false),
  }
}

export type TitleField = ReturnType<typeof useTitleField>
