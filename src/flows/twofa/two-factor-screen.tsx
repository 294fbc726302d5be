import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import { useState, type FormEvent } from 'react'
import { fromPromise } from 'xstate'
import { twoFactorMachine } from '../../../machines/two-factor'
import { needsSecondFactor } from '../../../contract/auth/schemas'
import {
  confirmTotpSetup,
  loadTotpSetup,
  refreshTwoFactorSession,
  verifyTwoFactorCode,
} from '../../api/auth/two-factor'
import {
  forgetTwoFactorSession,
  keepTwoFactorSession,
  readTwoFactorSession,
} from '../../api/auth/two-factor-session-store'
import { trackEvent } from '../../api/analytics/track'
import { storeAccessToken } from '../../api/token-store'
import { languageOf, localizedPath } from '../../../contract/ui-languages'
import { useSessionActor } from '../../app/session-context'
import { CodeField } from '../../ui/code-field'
import { ResendCountdown } from '../../ui/resend-countdown'
import { codeEntryError, normalizeCode } from '../../ui/code-entry'
import { Form } from '../../ui/form'
import { FormAlert } from '../../ui/form-alert'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { SupportFooter } from '../../ui/support-footer'
import { useFlowRouting } from '../../app/flow-routing'
import { inspectionOptions } from '../../app/inspection'
import { codeFailureText } from '../../ui/code-failure-text'

/** /{lang}/signin/2fa: the second factor of a sign-in, or setting up the authenticator app first. */
export function TwoFactorScreen() {
  const session = useSessionActor()
  const { t, i18n } = useLingui()
  const [entryError, setEntryError] = useState<string | undefined>(undefined)
  const [machine] = useState(() =>
    twoFactorMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => readTwoFactorSession()),
        verifyCode: fromPromise(async ({ input }) => {
          const reply = await verifyTwoFactorCode(input)
          if (needsSecondFactor(reply)) keepTwoFactorSession(reply.login_confirmation_session)
          return reply
        }),
        refreshSession: fromPromise(async ({ input }) => {
          const reply = await refreshTwoFactorSession(input)
          keepTwoFactorSession(reply.login_confirmation_session)
          return reply
        }),
        loadTotpSetup: fromPromise(async ({ input }) => loadTotpSetup(input)),
        confirmTotp: fromPromise(async ({ input }) => confirmTotpSetup(input)),
      },
      actions: {
        reportFailure: (_, { failureClass }) => trackEvent('sign_in_failed', { failure_class: failureClass }),
        forgetSession: () => forgetTwoFactorSession(),
        finishSignIn: (_, { pair, redirectTo }) => {
          storeAccessToken(pair.access_token)
          session.send({
            type: 'session.started',
            user: { id: pair.user.id, name: pair.user.name },
            returnTo: redirectTo,
          })
        },
      },
    }),
  )
  const [state, send, actor] = useMachine(machine, inspectionOptions())
  useFlowRouting(actor)
  const { context } = state
  const busy = ['code.verifying', 'code.refreshing', 'setup.loading', 'setup.confirming', 'restoring'].some(
    (name) => state.matches(name as never),
  )
  const failureText = codeFailureText(context.failure)
  usePageTitle(
    state.matches('setup')
      ? msg`Set up the authenticator app`
      : state.matches('ended')
        ? msg`The confirmation has ended`
        : msg`Confirm it is you`,
  )
  // The authenticator app's screen also takes a recovery code; codes sent by e-mail are 6 digits.
  const recoveryAllowed = !state.matches('setup') && context.session?.transport.type === 'totp'

  const onCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '')
    // A malformed code is refused here, so that it costs none of the few attempts the server allows.
    const problem = codeEntryError(code, { recoveryAllowed })
    setEntryError(problem)
    if (problem) return
    send({ type: 'code.submitted', code: recoveryAllowed ? code.trim() : normalizeCode(code) })
  }

  const codeForm = (label: string) => (
    <Form errors={entryError ?? context.failure} onSubmit={onCode}>
      <CodeField label={label} error={entryError} inputMode={recoveryAllowed ? 'text' : 'numeric'} />
      {entryError ? null : <FormAlert>{failureText}</FormAlert>}
      <SubmitButton busy={busy}>
        <Trans>Confirm</Trans>
      </SubmitButton>
    </Form>
  )

  // The machine has no event for leaving the confirmation, and its route bridge keeps the URL on /signin/2fa
  // while it is in a code state; so the way back is a plain link that loads the sign-in page. The session
  // kept for a reload is forgotten first, so that sign-in does not send the user here again.
  const backToSignIn = (
    <p>
      <a
        href={localizedPath(languageOf(i18n.locale), '/signin')}
        className="back-link"
        onClick={() => forgetTwoFactorSession()}
      >
        <Trans>Back to sign-in</Trans>
      </a>
    </p>
  )

  if (state.matches('ended')) {
    return (
      <>
        <section className="card auth-card" aria-labelledby="two-factor-title">
          <h1 id="two-factor-title">
            <Trans>The confirmation has ended</Trans>
          </h1>
          <p>
            <Trans>Too many wrong codes, or the code is out of date. Please sign in again.</Trans>
          </p>
          <Link to="/{-$lang}/signin/{-$hash}" className="button button--primary">
            <Trans>Sign in again</Trans>
          </Link>
        </section>
        <SupportFooter />
      </>
    )
  }

  if (state.matches('setup')) {
    return (
      <>
        <section className="card auth-card" aria-labelledby="two-factor-title">
          <h1 id="two-factor-title">
            <Trans>Set up the authenticator app</Trans>
          </h1>
          {state.matches({ setup: 'recoveryCodes' }) ? (
            <>
              <p>
                <Trans>
                  Keep these recovery codes somewhere safe. Each works once, and they are shown only now.
                </Trans>
              </p>
              <ul className="recovery-codes" data-testid="recovery-codes">
                {context.signedIn?.recovery_codes.map((code) => (
                  <li key={code}>
                    <code>{code}</code>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="button button--primary"
                onClick={() => send({ type: 'codes.acknowledged' })}
              >
                <Trans>I have saved the codes</Trans>
              </button>
            </>
          ) : context.setup ? (
            <>
              <p>
                <Trans>
                  Scan the QR code with your authenticator app, or type in the key, then enter the code it
                  shows.
                </Trans>
              </p>
              <img
                src={context.setup.qr_code}
                alt={t`QR code for the authenticator app`}
                width={200}
                height={200}
              />
              <p>
                <Trans>Key:</Trans> <code data-testid="totp-secret">{context.setup.secret}</code>
              </p>
              {codeForm(t`Code from the app`)}
            </>
          ) : (
            <Spinner size="large" />
          )}
          {backToSignIn}
        </section>
        <SupportFooter />
      </>
    )
  }

  const transport = context.session?.transport
  return (
    <>
      <section className="card auth-card" aria-labelledby="two-factor-title">
        <h1 id="two-factor-title">
          <Trans>Confirm it is you</Trans>
        </h1>
        {transport?.type === 'totp' ? (
          <p>
            <Trans>Enter the code from your authenticator app, or one of your recovery codes.</Trans>
          </p>
        ) : transport ? (
          <p>
            <Trans>We sent a code to {transport.recipient}.</Trans>
          </p>
        ) : null}
        {codeForm(t`Code`)}
        {transport && transport.type !== 'totp' ? (
          <ResendCountdown
            secondsLeft={context.secondsLeft}
            disabled={busy}
            onResend={() => send({ type: 'session.refresh' })}
          />
        ) : null}
        {backToSignIn}
      </section>
      <SupportFooter />
    </>
  )
}
