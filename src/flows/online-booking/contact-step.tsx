import { Trans, useLingui } from '@lingui/react/macro'
import { parsePhoneNumberFromString } from 'libphonenumber-js/min'
import { useState } from 'react'
import type { CallFailure } from '../../../machines/call-failure'
import { codeFailureText } from '../../ui/code-failure-text'
import { Form } from '../../ui/form'
import { FormAlert } from '../../ui/form-alert'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'

/** A typed phone as an international number, read as Russian when it has no plus; undefined when invalid. */
export function internationalPhone(typed: string): string | undefined {
  const parsed = parsePhoneNumberFromString(typed.trim(), 'RU')
  return parsed?.isValid() ? parsed.number : undefined
}

/** Step 4: the client's name and phone; the code goes to the phone. */
export function ContactStep({
  summary,
  initial,
  busy,
  failure,
  onSubmitted,
  onBack,
}: {
  summary: string
  initial: { name: string; phone: string } | null
  busy: boolean
  failure: CallFailure | null
  onSubmitted: (contact: { name: string; phone: string }) => void
  onBack: () => void
}) {
  const { t } = useLingui()
  const [errors, setErrors] = useState<{ name?: string; phone?: string }>({})
  const serverFields = failure?.fieldErrors ?? {}
  const nameError = errors.name ?? (serverFields.name ? t`Enter your name.` : undefined)
  const phoneError = errors.phone ?? (serverFields.phone ? t`Enter a valid phone number.` : undefined)
  const otherFailure = failure && !serverFields.name && !serverFields.phone ? codeFailureText(failure) : null
  return (
    <Form
      errors={errors}
      onSubmit={(event) => {
        event.preventDefault()
        const data = new FormData(event.currentTarget)
        const name = String(data.get('name') ?? '').trim()
        const phone = internationalPhone(String(data.get('phone') ?? ''))
        const found = {
          ...(name ? {} : { name: t`Enter your name.` }),
          ...(phone ? {} : { phone: t`Enter a valid phone number.` }),
        }
        setErrors(found)
        if (name && phone) onSubmitted({ name, phone })
      }}
    >
      <p className="b2c-summary">{summary}</p>
      {otherFailure ? <FormAlert>{otherFailure}</FormAlert> : null}
      <TextField
        name="name"
        label={t`Your name`}
        autoComplete="name"
        defaultValue={initial?.name ?? ''}
        error={nameError}
      />
      <TextField
        name="phone"
        type="tel"
        label={t`Phone`}
        hint={t`We send a code to this number to confirm the booking.`}
        autoComplete="tel"
        inputMode="tel"
        defaultValue={initial?.phone ?? ''}
        error={phoneError}
      />
      <div className="form-actions">
        <button type="button" className="button" onClick={onBack}>
          <Trans>Back</Trans>
        </button>
        <SubmitButton busy={busy}>
          <Trans>Get a code</Trans>
        </SubmitButton>
      </div>
    </Form>
  )
}
