import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useProgress } from '../../api/onboarding/queries'
import type { Language } from '../../i18n/languages'
import { Spinner } from '../../ui/spinner'
import { TextField } from './choice-fields'
import { useOnboardingFlow } from './onboarding-context'
import { registrationValues } from './payloads'
import { PhoneField } from './phone-field'
import { fieldErrorProps, FormFailure, StepCard, SubmitButton } from './step-card'

/**
 * /{lang}/onboarding/continue_register/{id}: the account of a new visitor: their name, a password, and
 * the contact the first step did not give (an e-mail after a confirmed phone, a phone after an e-mail).
 */
export function ContinueRegisterScreen({ language }: { language: Language }) {
  const { t } = useLingui()
  const { actor } = useOnboardingFlow()
  const view = useSelector(
    actor,
    (snapshot) => ({
      submitting: snapshot.matches({ continueRegister: 'submitting' }),
      failure: snapshot.context.failure,
      joining: snapshot.context.joining,
      progressId: snapshot.context.progress?.progressId ?? null,
      hasPhone: snapshot.context.progress?.hasPhone ?? true,
      hasEmail: snapshot.context.progress?.hasEmail ?? true,
    }),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  )
  const saved = useProgress(view.progressId).data?.onboarding_progress

  return (
    <StepCard
      titleId="continue-register-title"
      title={view.joining ? <Trans>Create your account to join</Trans> : <Trans>Create your account</Trans>}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({
            type: 'registration.submitted',
            values: registrationValues(new FormData(event.currentTarget)),
          })
        }}
      >
        <TextField
          name="name"
          label={<Trans>Your name</Trans>}
          defaultValue={saved?.name}
          failure={view.failure}
          autoComplete="name"
          autoFocus
        />
        {!view.hasEmail ? (
          <TextField
            name="email"
            type="email"
            label={<Trans>E-mail</Trans>}
            failure={view.failure}
            autoComplete="email"
          />
        ) : null}
        {!view.hasPhone ? (
          <PhoneField language={language} error={fieldErrorProps(view.failure, 'phone').message} />
        ) : null}
        <TextField
          name="password"
          type="password"
          label={<Trans>Password</Trans>}
          failure={view.failure}
          autoComplete="new-password"
        />
        <TextField
          name="confirm_password"
          type="password"
          label={<Trans>Repeat the password</Trans>}
          failure={view.failure}
          autoComplete="new-password"
        />
        <FormFailure failure={view.failure} id="continue-register-error" />
        <SubmitButton busy={view.submitting}>
          {view.submitting ? <Spinner size="small" /> : null}
          {view.joining ? t`Join` : t`Create the company`}
        </SubmitButton>
      </form>
    </StepCard>
  )
}
