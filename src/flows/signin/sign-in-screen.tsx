import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useSearch } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useRef, useState, type FormEvent } from 'react'
import { fromPromise } from 'xstate'
import { signInMachine } from '../../../machines/sign-in'
import { sameSitePath } from '../../../machines/two-factor'
import { trackEvent } from '../../api/analytics/track'
import { signInOrSecondFactor } from '../../api/auth/sign-in-with-second-factor'
import { keepTwoFactorSession } from '../../api/auth/two-factor-session-store'
import { inspectionOptions } from '../../app/inspection'
import { redirectAfterSignIn } from '../../app/redirect-after-sign-in'
import { useSessionActor } from '../../app/session-context'
import { LanguageSwitcher } from '../../ui/language-switcher'
import { Spinner } from '../../ui/spinner'
import { LastInviteBanner } from './last-invite-banner'
import { RememberedAccounts } from './remembered-accounts'
import { signInError } from './sign-in-error'
import { useFlowRoute } from '../../app/use-flow-route'

const noScreen = { getMeta: () => ({}) }

export function SignInScreen() {
  const session = useSessionActor()
  const { t } = useLingui()
  // ?redirect= names the page to return to (the flow-route bridge adds it); only a path on this site counts.
  const { redirect } = useSearch({ strict: false }) as { redirect?: unknown }
  const returnTo = sameSitePath(typeof redirect === 'string' ? redirect : null)
  const [machine] = useState(() =>
    signInMachine.provide({
      actors: {
        submitCredentials: fromPromise(async ({ input }) => {
          try {
            const outcome = await signInOrSecondFactor(input, returnTo)
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
          // The bridge takes this path when the session moves the user into the signed-in area.
          redirectAfterSignIn(redirectTo)
          session.send({ type: 'session.started', user })
        },
        startTwoFactor: (_, { session: confirmation }) => keepTwoFactorSession(confirmation),
        reportFailure: (_, { failureClass }) => trackEvent('sign_in_failed', { failure_class: failureClass }),
      },
    }),
  )
  const [state, send] = useMachine(machine, inspectionOptions())
  // The sign-in route itself stays put (it may carry a hash); only the second factor moves the user on.
  useFlowRoute(state.matches('twoFactorRequired') ? state : noScreen)
  const loginInput = useRef<HTMLInputElement>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const submitting =
    state.matches('submitting') || state.matches('signedIn') || state.matches('twoFactorRequired')
  const failure = state.context.failure

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    send({
      type: 'credentials.submitted',
      login: String(form.get('login') ?? ''),
      password: String(form.get('password') ?? ''),
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

  return (
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
      <form noValidate onSubmit={onSubmit} onInput={() => failure && send({ type: 'credentials.edited' })}>
        <label className="field">
          <span className="field__label">
            <Trans>E-mail or phone</Trans>
          </span>
          <input
            ref={loginInput}
            name="login"
            type="text"
            autoComplete="username"
            inputMode="email"
            required
            autoFocus
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? 'sign-in-error' : undefined}
          />
        </label>
        <label className="field">
          <span className="field__label">
            <Trans>Password</Trans>
          </span>
          <input
            ref={passwordInput}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? 'sign-in-error' : undefined}
          />
        </label>
        {failureText ? (
          <p id="sign-in-error" className="form-error" role="alert">
            {failureText}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={submitting} aria-busy={submitting}>
          {submitting ? <Spinner size="small" /> : null}
          <Trans>Sign in</Trans>
        </button>
      </form>
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
  )
}
