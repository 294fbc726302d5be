import type { ReactNode } from 'react'
import { Spinner } from './spinner'

/**
 * A form's main button. While its call runs it is disabled and announced as busy, with a small spinner,
 * so that a second press cannot send the form twice.
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
      {busy ? <Spinner size="small" /> : null}
      {children}
    </button>
  )
}
