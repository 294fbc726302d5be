import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { ErrorCode } from '../../../contract/error-codes'
import type { StepFailure } from '../../../machines/onboarding'
import { isUnownedFailure } from '../../api/unowned-failure'
import { codeFailureText } from '../../ui/code-failure-text'
import { serverFieldErrorTexts } from '../../ui/field-error-text'
import { FormAlert } from '../../ui/form-alert'
import { LanguageSwitcher } from '../../ui/language-switcher'
import { SupportFooter } from '../../ui/support-footer'

/** The frame of every onboarding screen: the language switch, the title and, on questionnaire steps, where the visitor is. */
export function StepCard({
  titleId,
  title,
  step,
  children,
}: {
  titleId: string
  title: ReactNode
  step?: { number: number; of: number } | undefined
  children: ReactNode
}) {
  return (
    <>
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
      <SupportFooter />
    </>
  )
}

/**
 * The message of a failed call that belongs to no single field. Failures no screen owns (no reply, a server
 * failure) are reported by the error toast instead, so the form does not say the same thing twice.
 */
export function FormFailure({ failure, id }: { failure: StepFailure | null; id: string }) {
  const { t } = useLingui()
  if (!failure) return null
  const hasFieldErrors = failure.fieldErrors !== null && Object.keys(failure.fieldErrors).length > 0
  if (!hasFieldErrors && isUnownedFailure(failure)) return null
  // A throttled step (429 / 1001, such as too many contacts of other accounts tried) says to wait.
  const throttled = failure.code === ErrorCode.tokenExpiredOrRateLimited
  return (
    <FormAlert id={id}>
      {hasFieldErrors
        ? t`Check the highlighted fields.`
        : throttled
          ? codeFailureText(failure)
          : t`This step could not be saved. Please try again.`}
    </FormAlert>
  )
}

/** The client's own sentence for a field the server refused, or undefined when the field is fine. */
export function fieldErrorOf(failure: StepFailure | null, name: string): string | undefined {
  return failure?.fieldErrors
    ? serverFieldErrorTexts(failure.fieldErrors, failure.fieldErrorKeys)[name]
    : undefined
}
