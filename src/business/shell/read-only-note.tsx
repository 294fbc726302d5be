import type { ReactNode } from 'react'

/** Says why a section shows no edit controls: the user's rights let them look, not change. */
export function ReadOnlyNote({ children }: { children: ReactNode }) {
  return (
    <p className="read-only-note" role="note">
      {children}
    </p>
  )
}
