import { Trans, useLingui } from '@lingui/react/macro'
import { useId, type ReactNode } from 'react'
import { showToast } from '../../ui/toast-store'

/** One booking page: its address, and the frame snippet in a box that selects itself, with a copy button. */
export function SnippetCard(props: { title: ReactNode; pageUrl: string; snippet: string }) {
  const { t } = useLingui()
  const id = useId()
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.snippet)
      showToast('success', t`The code is copied.`)
    } catch {
      // A browser that refuses the clipboard (no permission, plain http) leaves the box to copy from by hand.
      showToast('error', t`The code could not be copied. Select it in the box and copy it.`)
    }
  }
  return (
    <div className="embed-snippet">
      <h3>{props.title}</h3>
      {/* Addresses and code stay as they are in every language. */}
      <p translate="no">
        <a href={props.pageUrl} target="_blank" rel="noreferrer">
          {props.pageUrl}
        </a>
      </p>
      <label className="field__label" htmlFor={id}>
        <Trans>Code to paste into your site</Trans>
      </label>
      <textarea
        id={id}
        className="embed-snippet__code"
        translate="no"
        readOnly
        rows={3}
        value={props.snippet}
        onFocus={(event) => event.currentTarget.select()}
      />
      <button type="button" className="button" onClick={() => void copy()}>
        <Trans>Copy the code</Trans>
      </button>
    </div>
  )
}
