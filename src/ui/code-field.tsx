import type { InputHTMLAttributes, ReactNode } from 'react'

type CodeFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'type' | 'inputMode' | 'autoComplete'
> & {
  label: ReactNode
}

/**
 * The field for a one-time code, named "code" so a form reads it by that name. The numeric keyboard and the
 * one-time-code hint let a phone offer the code from an SMS; each screen adds its own checks and states.
 */
export function CodeField({ label, ...input }: CodeFieldProps) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input name="code" type="text" inputMode="numeric" autoComplete="one-time-code" autoFocus {...input} />
    </label>
  )
}
