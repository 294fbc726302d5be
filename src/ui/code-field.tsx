import type { InputHTMLAttributes, ReactNode } from 'react'
import { TextField } from './text-field'

type CodeFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'type' | 'autoComplete' | 'id' | 'aria-invalid' | 'aria-describedby'
> & {
  label: ReactNode
  error?: string | undefined
}

/**
 * The field for a one-time code, named "code" so a form reads it by that name. The numeric keyboard and the
 * one-time-code hint let a phone offer the code from an SMS; each screen adds its own checks and states.
 */
export function CodeField({ label, error, ...input }: CodeFieldProps) {
  return (
    <TextField
      name="code"
      label={label}
      error={error}
      inputMode="numeric"
      autoComplete="one-time-code"
      autoFocus
      {...input}
    />
  )
}
