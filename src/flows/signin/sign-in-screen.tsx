import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useParams, useSearch } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import { useRef, useState, type FormEvent } from 'react'
import { fromPromise } from 'xstate'
import { RECAPTCHA_FIELD, signInMachine } from '../../../machines/sign-in'
import { sameSitePath } from '../../../contract/same-site-path'
import { trackEvent } from '../../api/analytics/track'
import { signInOrSecondFactor } from '../../api/auth/sign-in-with-second-factor'
import { keepTwoFactorSession } from '../../api/auth/two-factor-session-store'
import { inspectionOptions } from '../../app/inspection'
import { useSessionActor } from '../../app/session-context'
import { LanguageSwitcher } from '../../ui/language-switcher'
import { Form } from '../../ui/form'
import { FormAlert } from '../../ui/form-alert'
import { RecaptchaField } from '../../ui/recaptcha-field'
import { usePageTitle } from '../../ui/page-title'
import { usePageDescription } from '../../ui/page-description'
import { SubmitButton } from '../../ui/submit-button'
import { SupportFooter } from '../../ui/support-footer'
import { TextField } from '../../ui/text-field'
import { LastInviteBanner } from './last-invite-banner'
import { RememberedAccounts } from './remembered-accounts'
import { signInError } from './sign-in-error'
import { useFlowRouting } from '../../app/flow-routing'

export function SignInScreen() {
  const session = useSessionActor()
  const { t } = useLingui()
  usePageTitle(msg`Sign in`)
  usePageDescription(
    msg`Sign in to Salon to run your salon: the service menu, the team, working hours and who may do what.`,
  )
  // ?redirect= names the page to return to (the flow-route bridge adds it); only a path on this site counts.
  const { redirect } = useSearch({ strict: false }) as { redirect?: unknown }
  const { hash } = useParams({ strict: false }) as { hash?: string }
  const returnTo = sameSitePath(typeof redirect === 'string' ? redirect : null)
  const [machine] = useState(() =>
    signInMachine.provide({
      actors: {
        submitCredentials: fromPromise(async ({ input }) => {
          try {
            const outcome = await signInOrSecondFactor(
              {
                login: input.login,
                password: input.password,
                ...(input.recaptchaToken ? { google_recaptcha_v2_token: input.recaptchaToken } : {}),
              },
              returnTo,
            )
            return 'login_confirmation_session' in outcome
              ? outcome
              : { id: outcome.id, name: outcome.name, redirect_url: outcome.redirect_url }
          } catch (error) {
            throw signInError(error)
          }
        }),
      },
      actions: {
        startSession: (_, { user, redirectTo }) => {
          // The session keeps the page asked for, and the bridge opens it instead of home.
          session.send({ type: 'session.started', user, returnTo: redirectTo })
        },
        startTwoFactor: (_, { session: confirmation }) => keepTwoFactorSession(confirmation),
        reportFailure: (_, { failureClass }) => trackEvent('sign_in_failed', { failure_class: failureClass }),
      },
    }),
  )
  const [state, send, actor] = useMachine(machine, inspectionOptions())
  // The sign-in route keeps its hash: the form's states name `/signin/$hash`.
  useFlowRouting(actor, { params: () => ({ hash }) })
  const loginInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const submitting =
    state.matches('submitting') || state.matches('signedIn') || state.matches('twoFactorRequired')
  const failure = state.context.failure

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const recaptchaToken = String(form.get(RECAPTCHA_FIELD) ?? '')
    send({
      type: 'credentials.submitted',
      login: String(form.get('login') ?? ''),
      password: String(form.get('password') ?? ''),
      ...(recaptchaToken ? { recaptchaToken } : {}),
    })
  }

  const failureText = !failure
    ? null
    : failure.failureClass === 'local'
      ? // A local failure without a message is an empty field; one with a message is an exception in the app.
        failure.message === null
        ? t`Enter your e-mail or phone and your password.`
        : t`Something went wrong. Please try again.`
      : (failure.message ?? t`Something went wrong. Please try again.`)

  // Both fields are named by the one alert: the server does not say which of the two is wrong.
  const sharedError = failureText ? { id: 'sign-in-error' } : undefined

  return (
    <>
      <section className="card auth-card" aria-labelledby="sign-in-title">
        <LanguageSwitcher />
        <h1 id="sign-in-title">
          <Trans>Sign in</Trans>
        </h1>
        <LastInviteBanner />
        <RememberedAccounts
          onPick={(login) => {
            if (loginInput.current) loginInput.current.value = login
            passwordInput.current?.focus()
          }}
        />
        <Form
          errors={failure}
          onSubmit={onSubmit}
          onInput={() => failure && send({ type: 'credentials.edited' })}
        >
          <TextField
            ref={loginInput}
            name="login"
            label={<Trans>E-mail or phone</Trans>}
            autoComplete="username"
            inputMode="email"
            required
            autoFocus
            sharedError={sharedError}
          />
          <TextField
            ref={passwordInput}
            name="password"
            type="password"
            label={<Trans>Password</Trans>}
            autoComplete="current-password"
            required
            sharedError={sharedError}
          />
          {/* Past a sign-in limit the server may ask for a robot check before it evaluates more attempts. */}
          {state.context.recaptchaRequested ? (
            <RecaptchaField error={undefined} submitting={submitting} />
          ) : null}
          <FormAlert id="sign-in-error">{failureText}</FormAlert>
          <SubmitButton busy={submitting}>
            <Trans>Sign in</Trans>
          </SubmitButton>
        </Form>
        <p>
          <Link to="/{-$lang}/signin/reset/send_code">
            <Trans>Forgot your password?</Trans>
          </Link>
        </p>
        {/* Onboarding: the way in for visitors without an account. */}
        <p>
          <Trans>
            New here? <Link to="/{-$lang}/onboarding/first">Register</Link>
          </Trans>
        </p>
      </section>
      <SupportFooter />
    </>
  )
}
