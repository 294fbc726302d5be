import type { ReactNode } from 'react'

/** What went wrong with a form as a whole, announced at once (role=alert); nothing when all is well. */
export function FormAlert({ id, children }: { id?: string; children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null
  return (
    <p id={id} className="form-error" role="alert">
      {children}
    </p>
  )
}
