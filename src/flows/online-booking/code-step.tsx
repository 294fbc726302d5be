import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { OnlineBookingRequest } from '../../../contract/online-booking/schemas'
import type { CallFailure } from '../../../machines/call-failure'
import { codeFailureText } from '../../ui/code-failure-text'
import { CodeField } from '../../ui/code-field'
import { Form } from '../../ui/form'
import { SubmitButton } from '../../ui/submit-button'

/** Step 5: the code sent to the client's phone (or e-mail) books the appointment. */
export function CodeStep({
  request,
  busy,
  resending,
  failure,
  onSubmitted,
  onResend,
  onBack,
}: {
  request: OnlineBookingRequest
  busy: boolean
  resending: boolean
  failure: CallFailure | null
  onSubmitted: (code: string) => void
  onResend: () => void
  onBack: () => void
}) {
  const { t } = useLingui()
  const [error, setError] = useState<string | undefined>()
  const shown = error ?? codeFailureText(failure) ?? undefined
  const recipient = request.recipient
  return (
    <Form
      errors={shown}
      onSubmit={(event) => {
        event.preventDefault()
        const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
        if (!/^\d{6}$/.test(code)) {
          setError(t`The code has 6 digits.`)
          return
        }
        setError(undefined)
        onSubmitted(code)
      }}
    >
      <p>
        {request.channel === 'email' ? (
          <Trans>We sent a code to {recipient}.</Trans>
        ) : (
          <Trans>We sent a code by SMS to {recipient}.</Trans>
        )}
      </p>
      <CodeField label={t`Code`} error={shown} maxLength={6} />
      <div className="form-actions">
        <button type="button" className="button" onClick={onBack}>
          <Trans>Back</Trans>
        </button>
        <button
          type="button"
          className="button"
          onClick={onResend}
          disabled={resending}
          aria-busy={resending}
        >
          <Trans>Send a new code</Trans>
        </button>
        <SubmitButton busy={busy}>
          <Trans context="a client books for themselves">Book</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}
