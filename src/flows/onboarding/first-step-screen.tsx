import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useRef, useState, type FormEvent } from 'react'
import type { Language } from '../../../contract/ui-languages'
import { msg } from '@lingui/core/macro'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { ForbiddenNotice } from './forbidden-notice'
import { HoneypotField } from './honeypot-field'
import { useOnboardingFlow } from './onboarding-context'
import { firstStepValues } from './payloads'
import { loadTypedContacts, saveTypedContacts } from './typed-contacts'
import { PhoneField } from './phone-field'
import { RecaptchaField } from '../../ui/recaptcha-field'
import { fieldErrorOf, FormFailure, StepCard } from './step-card'

/** /{lang}/onboarding/first: the phone and e-mail that the registration is confirmed with. */
export function FirstStepScreen({ language }: { language: Language }) {
  const { actor, table } = useOnboardingFlow()
  const { t } = useLingui()
  const view = useSelector(
    actor,
    (snapshot) => ({
      notice: snapshot.matches({ first: 'forbiddenNotice' }),
      submitting: snapshot.matches({ first: 'submitting' }),
      failure: snapshot.context.failure,
      needRecaptcha: snapshot.context.needRecaptcha,
      reason: snapshot.context.reason,
    }),
    (a, b) => JSON.stringify(a) === JSON.stringify(b),
  )
  // The notice is part of this screen, so the screen names the tab for both (a child's title would be overwritten).
  usePageTitle(
    view.notice
      ? msg`Before you register`
      : table.variant === 'newer'
        ? msg`Try it free for your business`
        : msg`Registration`,
  )
  const [typed] = useState(loadTypedContacts)
  // form_complete_speed: the time from showing the form to sending it.
  const shownAt = useRef(performance.now())

  if (view.notice) return <ForbiddenNotice onAccept={() => actor.send({ type: 'notice.accepted' })} />

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    saveTypedContacts({ phone: String(form.get('phone') ?? ''), email: String(form.get('email') ?? '') })
    actor.send({
      type: 'first.submitted',
      values: firstStepValues(form, {
        variant: table.variant,
        language,
        startedAt: shownAt.current,
        now: performance.now(),
        languages: navigator.languages ?? [],
      }),
    })
  }
  const errors = view.failure?.fieldErrors ?? null
  const newer = table.variant === 'newer'

  return (
    <StepCard
      titleId="first-step-title"
      title={newer ? <Trans>Try it free for your business</Trans> : <Trans>Registration</Trans>}
    >
      {newer ? (
        <p>
          <Trans>Online booking, schedule, clients and finances in one place. It takes two minutes.</Trans>
        </p>
      ) : null}
      {view.reason === 'confirm_again' ? (
        <p className="onboarding-card__notice" role="status">
          <Trans>
            To carry on with your registration on this device, enter your phone or e-mail and confirm it
            again.
          </Trans>
        </p>
      ) : null}
      {view.reason === 'code_reopened' ? (
        <p className="onboarding-card__notice" role="status">
          <Trans>
            The code screen was left, so the code cannot be entered there any more. Check your phone and
            e-mail below and ask for a new code.
          </Trans>
        </p>
      ) : null}
      <Form errors={errors} onSubmit={onSubmit}>
        <PhoneField
          language={language}
          error={fieldErrorOf(view.failure, 'phone')}
          defaultPhone={typed.phone}
          autoFocus
        />
        <TextField
          name="email"
          type="email"
          label={<Trans>E-mail</Trans>}
          autoComplete="email"
          inputMode="email"
          placeholder={t`name@example.com`}
          defaultValue={typed.email}
          error={fieldErrorOf(view.failure, 'email')}
        />
        <HoneypotField />
        {view.needRecaptcha ? (
          <RecaptchaField
            error={fieldErrorOf(view.failure, 'google_recaptcha_v2_token')}
            submitting={view.submitting}
          />
        ) : null}
        <FormFailure failure={view.failure} id="first-step-error" />
        <SubmitButton busy={view.submitting}>
          <Trans>Get a code</Trans>
        </SubmitButton>
      </Form>
      <p>
        <Trans>
          Already registered?{' '}
          <Link to="/{-$lang}/signin/{-$hash}" params={{ lang: language === 'ru' ? undefined : language }}>
            Sign in
          </Link>
        </Trans>
      </p>
    </StepCard>
  )
}
