import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { fromPromise } from 'xstate'
import { resetPasswordMachine, resetProgressOf } from '../../../machines/reset-password'
import { routeEventFor } from '../../../machines/route-meta'
import { createResetToken, sendResetCode, setNewPassword } from '../../api/auth/password-reset'
import { reportPasswordResetCompletion } from '../../embedded/embedded-reporting'
import { LanguageSwitcher } from '../../ui/language-switcher'
import { CodeField } from '../../ui/code-field'
import { ResendCountdown } from '../../ui/resend-countdown'
import { codeEntryError, normalizeCode } from '../../ui/code-entry'
import { fieldErrorTexts, serverFieldErrorTexts, type FieldProblems } from '../../ui/field-error-text'
import { Form } from '../../ui/form'
import { FormAlert } from '../../ui/form-alert'
import { usePageTitle } from '../../ui/page-title'
import { usePageDescription } from '../../ui/page-description'
import { SubmitButton } from '../../ui/submit-button'
import { SupportFooter } from '../../ui/support-footer'
import { TextField } from '../../ui/text-field'
import { passwordProblems } from './password-problems'
import { showToast } from '../../ui/toast-store'
import { useFlowRouting } from '../../app/flow-routing'
import { inspectionOptions } from '../../app/inspection'
import { clearResetProgress, loadResetProgress, saveResetProgress } from './reset-progress-store'
import { codeFailureText } from '../../ui/code-failure-text'

/**
 * /{lang}/signin/reset and its steps send_code, confirm_code and change_password: one resetPassword machine
 * for the three, so the steps share what the user entered; the machine decides which step is shown, and the
 * step's URL follows it (src/app/flow-routing.ts). What the user reached is kept for a reload of the tab.
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
  const [resume] = useState(loadResetProgress)
  const [state, send, actor] = useMachine(machine, { ...inspectionOptions(), input: { resume } })
  // A reload first goes back to the furthest step the tab reached, then to the step its URL names (which the
  // machine refuses when it was not reached), so a URL opened too far ahead lands on the user's own step.
  const resumed = useRef(resume)
  useFlowRouting(actor, {
    urlEvent: ({ path }) => {
      const reached = resumed.current
      resumed.current = null
      const opened = routeEventFor(resetPasswordMachine, path)
      const furthest = reached?.token
        ? routeEventFor(resetPasswordMachine, '/signin/reset/change_password')
        : reached?.channel
          ? routeEventFor(resetPasswordMachine, '/signin/reset/confirm_code')
          : null
      return [furthest, opened].filter((event) => event !== null)
    },
  })
  // What the user has reached survives a reload; a finished reset leaves nothing behind.
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.status === 'done') clearResetProgress()
      else saveResetProgress(resetProgressOf(snapshot.context))
    })
    return () => subscription.unsubscribe()
  }, [actor])
  const { context } = state
  const busy = [
    'sendCode.sending',
    'confirmCode.checking',
    'confirmCode.resending',
    'changePassword.saving',
  ].some((name) => state.matches(name as never))
  const failureText = codeFailureText(context.failure)
  const [problems, setProblems] = useState<FieldProblems | null>(null)
  // The server's field messages become the client's sentences; a client check found first wins.
  const errors = problems
    ? fieldErrorTexts(problems)
    : serverFieldErrorTexts(context.failure?.fieldErrors ?? null, context.failure?.fieldErrorKeys)
  const submit = (event: FormEvent<HTMLFormElement>, read: (form: FormData) => FieldProblems | void) => {
    event.preventDefault()
    const found = read(new FormData(event.currentTarget)) ?? {}
    setProblems(Object.keys(found).length > 0 ? found : null)
  }
  usePageTitle(
    state.matches('confirmCode')
      ? msg`Enter the code`
      : state.matches('changePassword')
        ? msg`Choose a new password`
        : msg`Reset your password`,
  )
  usePageDescription(msg`Forgot your Salon password? Get a code by e-mail or SMS and choose a new one.`)
  // Field messages show beside the fields of the step on screen; the alert carries everything else. A refused
  // token belongs to no field: the reset has to start again, which the alert says in the user's language.
  const shownFields = state.matches('sendCode')
    ? ['contact', 'user_contact_info']
    : state.matches('confirmCode')
      ? ['code']
      : ['password', 'confirm_password']
  const fieldOwned = shownFields.some((field) => errors[field] !== undefined)
  const alertText = errors.token ? t`This reset has expired. Please ask for a new code.` : failureText
  const alert = fieldOwned ? null : <FormAlert>{alertText}</FormAlert>

  return (
    <>
      <section className="card auth-card" aria-labelledby="reset-title">
        <LanguageSwitcher />
        <h1 id="reset-title">
          <Trans>Reset your password</Trans>
        </h1>
        {state.matches('sendCode') ? (
          <Form
            errors={problems ?? context.failure?.fieldErrors}
            onSubmit={(event) =>
              submit(event, (form) => {
                const contact = String(form.get('contact') ?? '').trim()
                if (contact === '') return { contact: 'required' }
                send({ type: 'contact.submitted', contact })
              })
            }
          >
            <TextField
              name="contact"
              label={<Trans>E-mail or phone</Trans>}
              autoComplete="username"
              defaultValue={context.contact}
              autoFocus
              required
              error={errors.contact ?? errors.user_contact_info}
            />
            {alert}
            <SubmitButton busy={busy}>{t`Send a code`}</SubmitButton>
          </Form>
        ) : null}
        {state.matches('confirmCode') ? (
          <Form
            errors={problems ?? context.failure?.fieldErrors}
            onSubmit={(event) =>
              submit(event, (form) => {
                const code = String(form.get('code') ?? '')
                // A code of the wrong length would only use up an attempt: it is refused here.
                if (codeEntryError(code)) return { code: code.trim() === '' ? 'required' : 'invalid' }
                send({ type: 'code.submitted', code: normalizeCode(code) })
              })
            }
          >
            <p>
              {context.channel === 'email' ? (
                <Trans>If an account uses {context.contact}, we have sent a code there by e-mail.</Trans>
              ) : (
                <Trans>If an account uses {context.contact}, we have sent a code there by SMS.</Trans>
              )}
            </p>
            <CodeField label={<Trans>Code</Trans>} required error={errors.code} />
            {alert}
            <SubmitButton busy={busy}>{t`Confirm`}</SubmitButton>
            <ResendCountdown
              secondsLeft={context.secondsLeft}
              disabled={busy}
              onResend={() => send({ type: 'code.resend' })}
            />
            <button type="button" className="button" onClick={() => send({ type: 'contact.change' })}>
              <Trans>Use another e-mail or phone</Trans>
            </button>
          </Form>
        ) : null}
        {state.matches('changePassword') ? (
          <Form
            errors={problems ?? context.failure?.fieldErrors}
            onSubmit={(event) =>
              submit(event, (form) => {
                const password = String(form.get('password') ?? '')
                const confirmPassword = String(form.get('confirm_password') ?? '')
                const found = passwordProblems(password, confirmPassword)
                if (Object.keys(found).length > 0) return found
                send({ type: 'password.submitted', password, confirmPassword })
              })
            }
          >
            <TextField
              name="password"
              type="password"
              label={<Trans>New password</Trans>}
              autoComplete="new-password"
              autoFocus
              required
              error={errors.password}
            />
            <TextField
              name="confirm_password"
              type="password"
              label={<Trans>Repeat the new password</Trans>}
              autoComplete="new-password"
              required
              error={errors.confirm_password}
            />
            <p>
              <Trans>At least 8 characters. Very common passwords are refused.</Trans>
            </p>
            {alert}
            <SubmitButton busy={busy}>{t`Save the new password`}</SubmitButton>
          </Form>
        ) : null}
      </section>
      <SupportFooter />
    </>
  )
}
