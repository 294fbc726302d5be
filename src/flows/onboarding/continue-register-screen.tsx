import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { isSignedInStatus } from '../../../machines/onboarding'
import { useProgress } from '../../api/onboarding/queries'
import type { Language } from '../../../contract/ui-languages'
import { fieldErrorTexts, serverFieldErrorTexts, type FieldProblems } from '../../ui/field-error-text'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { useOnboardingFlow } from './onboarding-context'
import { registrationValues } from './payloads'
import { PhoneField } from './phone-field'
import { stepProgress } from './progress-view'
import { registrationProblems } from './registration-check'
import { FormFailure, StepCard } from './step-card'

/**
 * /{lang}/onboarding/continue_register/{id}: the account of a new visitor: their name, a password, and
 * the contact the first step did not give (an e-mail after a confirmed phone, a phone after an e-mail).
 * Every problem the client can see shows at once, before anything is sent; the server's own refusals
 * (an e-mail of another account, a common password) follow in the same sentences.
 */
export function ContinueRegisterScreen({ language }: { language: Language }) {
  const { t } = useLingui()
  const { actor, table } = useOnboardingFlow()
  usePageTitle(msg`Create your account`)
  const view = useSelector(
    actor,
    (snapshot) => ({
      submitting: snapshot.matches({ continueRegister: 'submitting' }),
      failure: snapshot.context.failure,
      joining: snapshot.context.joining,
      progressId: snapshot.context.progress?.progressId ?? null,
      hasPhone: snapshot.context.progress?.hasPhone ?? true,
      hasEmail: snapshot.context.progress?.hasEmail ?? true,
      signedIn: isSignedInStatus(snapshot.context.progress?.status),
    }),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  )
  const saved = useProgress(view.progressId).data?.onboarding_progress
  const [problems, setProblems] = useState<FieldProblems | null>(null)
  const errors = problems
    ? fieldErrorTexts(problems)
    : serverFieldErrorTexts(view.failure?.fieldErrors, view.failure?.fieldErrorKeys)
  const { last: _last, ...position } = stepProgress('continue_register', table.variant, view.signedIn)

  return (
    <StepCard
      titleId="continue-register-title"
      title={view.joining ? <Trans>Create your account to join</Trans> : <Trans>Create your account</Trans>}
      step={position}
    >
      <Form
        errors={problems ?? view.failure?.fieldErrors}
        onSubmit={(event) => {
          event.preventDefault()
          const values = registrationValues(new FormData(event.currentTarget))
          const found = registrationProblems(values, { email: !view.hasEmail, phone: !view.hasPhone })
          if (Object.keys(found).length > 0) {
            setProblems(found)
            return
          }
          setProblems(null)
          actor.send({ type: 'registration.submitted', values })
        }}
      >
        <TextField
          name="name"
          label={<Trans>Your name</Trans>}
          defaultValue={saved?.name ?? ''}
          error={errors.name}
          autoComplete="name"
          autoFocus
        />
        {!view.hasEmail ? (
          <TextField
            name="email"
            type="email"
            label={<Trans>E-mail</Trans>}
            error={errors.email}
            autoComplete="email"
          />
        ) : null}
        {!view.hasPhone ? <PhoneField language={language} error={errors.phone} /> : null}
        <TextField
          name="password"
          type="password"
          label={<Trans>Password</Trans>}
          hint={<Trans>At least 8 characters.</Trans>}
          error={errors.password}
          autoComplete="new-password"
        />
        <TextField
          name="confirm_password"
          type="password"
          label={<Trans>Repeat the password</Trans>}
          error={errors.confirm_password}
          autoComplete="new-password"
        />
        {problems ? null : <FormFailure failure={view.failure} id="continue-register-error" />}
        <SubmitButton busy={view.submitting}>{view.joining ? t`Join` : t`Create the company`}</SubmitButton>
      </Form>
    </StepCard>
  )
}
