import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import { fromPromise } from 'xstate'
import { resetPasswordMachine } from '../../../machines/reset-password'
import { createResetToken, sendResetCode, setNewPassword } from '../../api/auth/password-reset'
import { reportPasswordResetCompletion } from '../../embedded/embedded-reporting'
import { LanguageSwitcher } from '../../ui/language-switcher'
import { CodeField } from '../../ui/code-field'
import { ResendCountdown } from '../../ui/resend-countdown'
import { Spinner } from '../../ui/spinner'
import { showToast } from '../../ui/toast-store'
import { useFlowRoute } from '../../app/use-flow-route'
import { codeFailureText } from '../../ui/code-failure-text'
import { inspectionOptions } from '../../app/inspection'

/**
 * /{lang}/signin/reset and its steps send_code, confirm_code and change_password: one resetPassword machine
 * for the three, so the steps share what the user entered; the machine decides which step is shown.
 */
export function ResetPasswordScreen() {
  const { t } = useLingui()
  const [machine] = useState(() =>
    resetPasswordMachine.provide({
      actors: {
        sendCode: fromPromise(async ({ input }) => sendResetCode(input)),
        createToken: fromPromise(async ({ input }) => createResetToken(input)),
        setNewPassword: fromPromise(async ({ input }) => setNewPassword(input)),
      },
      actions: {
        announceReset: () => {
          showToast('success', t`Your password has been changed. Sign in with the new one.`)
          // Inside the admin application's frame the parent hears resetPasswordComplete; standalone nothing.
          reportPasswordResetCompletion()
        },
      },
    }),
  )
  const [state, send] = useMachine(machine, inspectionOptions())
  useFlowRoute(state)
  const { context } = state
  const busy = [
    'sendCode.sending',
    'confirmCode.checking',
    'confirmCode.resending',
    'changePassword.saving',
  ].some((name) => state.matches(name as never))
  const failureText = codeFailureText(context.failure)
  const fieldError = (field: string) => context.failure?.fieldErrors[field]?.[0]
  const submit = (event: FormEvent<HTMLFormElement>, read: (form: FormData) => void) => {
    event.preventDefault()
    read(new FormData(event.currentTarget))
  }
  // Field messages show beside their field; the alert carries everything else.
  const shownBesideField =
    state.matches('changePassword') && (fieldError('password') || fieldError('confirm_password'))
  const alert =
    failureText && !shownBesideField ? (
      <p className="form-error" role="alert">
        {failureText}
      </p>
    ) : null
  const submitButton = (label: string) => (
    <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
      {busy ? <Spinner size="small" /> : null}
      {label}
    </button>
  )

  return (
    <section className="card auth-card" aria-labelledby="reset-title">
      <LanguageSwitcher />
      <h1 id="reset-title">
        <Trans>Reset your password</Trans>
      </h1>
      {state.matches('sendCode') ? (
        <form
          noValidate
          onSubmit={(event) =>
            submit(event, (form) =>
              send({ type: 'contact.submitted', contact: String(form.get('contact') ?? '') }),
            )
          }
        >
          <label className="field">
            <span className="field__label">
              <Trans>E-mail or phone</Trans>
            </span>
            <input
              name="contact"
              type="text"
              autoComplete="username"
              defaultValue={context.contact}
              autoFocus
              required
            />
          </label>
          {alert}
          {submitButton(t`Send a code`)}
        </form>
      ) : null}
      {state.matches('confirmCode') ? (
        <form
          noValidate
          onSubmit={(event) =>
            submit(event, (form) => send({ type: 'code.submitted', code: String(form.get('code') ?? '') }))
          }
        >
          <p>
            {context.channel === 'email' ? (
              <Trans>If an account uses {context.contact}, we have sent a code there by e-mail.</Trans>
            ) : (
              <Trans>If an account uses {context.contact}, we have sent a code there by SMS.</Trans>
            )}
          </p>
          <CodeField label={<Trans>Code</Trans>} required />
          {alert}
          {submitButton(t`Confirm`)}
          <ResendCountdown
            secondsLeft={context.secondsLeft}
            disabled={busy}
            onResend={() => send({ type: 'code.resend' })}
          />
          <button type="button" className="button" onClick={() => send({ type: 'contact.change' })}>
            <Trans>Use another e-mail or phone</Trans>
          </button>
        </form>
      ) : null}
      {state.matches('changePassword') ? (
        <form
          noValidate
          onSubmit={(event) =>
            submit(event, (form) =>
              send({
                type: 'password.submitted',
                password: String(form.get('password') ?? ''),
                confirmPassword: String(form.get('confirm_password') ?? ''),
              }),
            )
          }
        >
          <label className="field">
            <span className="field__label">
              <Trans>New password</Trans>
            </span>
            <input name="password" type="password" autoComplete="new-password" autoFocus required />
          </label>
          {fieldError('password') ? <p className="form-error">{fieldError('password')}</p> : null}
          <label className="field">
            <span className="field__label">
              <Trans>Repeat the new password</Trans>
            </span>
            <input name="confirm_password" type="password" autoComplete="new-password" required />
          </label>
          {fieldError('confirm_password') ? (
            <p className="form-error">{fieldError('confirm_password')}</p>
          ) : null}
          <p>
            <Trans>At least 8 characters. Very common passwords are refused.</Trans>
          </p>
          {alert}
          {submitButton(t`Save the new password`)}
        </form>
      ) : null}
    </section>
  )
}
