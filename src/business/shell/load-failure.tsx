import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'

/** A part of a page that could not be read: the sentence that says which, and a way to ask again. */
export function LoadFailure(props: { children: ReactNode; onRetry: () => void }) {
  const { t } = useLingui()
  return (
    <div role="alert">
      <p>{props.children}</p>
      <button type="button" className="button" onClick={props.onRetry}>
        {t`Try again`}
      </button>
    </div>
  )
}
