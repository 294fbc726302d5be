import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { StepFailure } from '../../../machines/onboarding'
import { LanguageSwitcher } from '../../ui/language-switcher'

/** The frame of every onboarding screen: the language switch, the title and, on questionnaire steps, where the visitor is. */
export function StepCard({
  titleId,
  title,
  step,
  children,
}: {
  titleId: string
  title: ReactNode
  step?: { number: number; of: number }
  children: ReactNode
}) {
  return (
    <section className="card auth-card onboarding-card" aria-labelledby={titleId}>
      <LanguageSwitcher />
      {step ? (
        <p className="onboarding-card__step">
          <Trans>
            Step {step.number} of {step.of}
          </Trans>
        </p>
      ) : null}
      <h1 id={titleId}>{title}</h1>
      {children}
    </section>
  )
}

/** The message of a failed call that belongs to no single field. */
export function FormFailure({ failure, id }: { failure: StepFailure | null; id: string }) {
  const { t } = useLingui()
  if (!failure) return null
  const hasFieldErrors = failure.fieldErrors !== null && Object.keys(failure.fieldErrors).length > 0
  const text = hasFieldErrors
    ? t`Check the highlighted fields.`
    : (failure.message ?? t`Something went wrong. Please try again.`)
  return (
    <p id={id} className="form-error" role="alert">
      {text}
    </p>
  )
}

/** What a field needs to show the server's message for it and to be announced as invalid. */
export function fieldErrorProps(failure: StepFailure | null, name: string) {
  const message = failure?.fieldErrors?.[name]?.[0]
  return {
    message,
    inputProps: message
      ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error` }
      : { 'aria-invalid': undefined, 'aria-describedby': undefined },
  }
}

export function FieldError({ name, message }: { name: string; message: string | undefined }) {
  if (!message) return null
  return (
    <span id={`${name}-error`} className="field__error">
      {message}
    </span>
  )
}

/** The submit button of a step, busy while its call runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
      {children}
    </button>
  )
}
