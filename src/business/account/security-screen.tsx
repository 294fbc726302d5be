import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { TwoFactorSetting } from '../../../contract/auth/two-factor-schemas'
import type { ApiError } from '../../api/api-error'
import { switchStateQueryOptions } from '../../api/auth/switch-user'
import { useSaveTwoFactorSetting, useTwoFactorSetting } from '../../api/auth/two-factor-setting'
import { isUnownedFailure } from '../../api/unowned-failure'
import { Checkbox } from '../../ui/checkbox'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { RadioGroup } from '../../ui/radio-group'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { ActiveSessions } from './active-sessions'
import { CompanyTwoFactorPolicy } from './company-two-factor-policy'

type Method = TwoFactorSetting['two_factor']

const methodNames: Record<Method, MessageDescriptor> = {
  off: msg`Off`,
  email: msg`Code by e-mail`,
  totp: msg`Authenticator app`,
}

/** What the user's sign-in asks for now, in words. */
function currentInWords(setting: TwoFactorSetting): MessageDescriptor {
  if (setting.two_factor === 'totp')
    return setting.totp_configured
      ? msg`You sign in with your password and a code from your authenticator app.`
      : msg`You chose the authenticator app: your next sign-in sets it up and gives you recovery codes.`
  if (setting.two_factor === 'email') return msg`You sign in with your password and a code sent by e-mail.`
  // The server still asks for an e-mail code when a company of the user requires a second factor.
  return setting.required_by_company
    ? msg`Your company requires a second factor, so you sign in with your password and a code sent by e-mail.`
    : msg`You sign in with your password alone.`
}

/**
 * The signed-in user's security: their own second factor at sign-in (off, a code by e-mail or the
 * authenticator app, changed with the current password), the devices signed in to their account, and, for
 * members with the security rights, the open company's rule of who must use a second factor.
 */
export function SecurityScreen() {
  usePageTitle(msg`Security`)
  const company = useCurrentCompany()
  const switchState = useQuery(switchStateQueryOptions())
  // Support acting as this user sees the page as the user does, but may not change how the account signs in.
  const actingAsOther = Boolean(switchState.data?.switched_from)
  return (
    <>
      <OwnSecondFactor actingAsOther={actingAsOther} />
      <section className="card">
        <ActiveSessions readOnly={actingAsOther} />
      </section>
      {company.access.security_access ? (
        <section className="card">
          <CompanyTwoFactorPolicy company={company} />
        </section>
      ) : null}
    </>
  )
}

/** The user's own second factor: what it is now, and the form that changes it. */
function OwnSecondFactor({ actingAsOther }: { actingAsOther: boolean }) {
  const { t } = useLingui()
  const setting = useTwoFactorSetting()
  return (
    <section className="card" aria-labelledby="security-title">
      <h1 id="security-title">
        <Trans>Security</Trans>
      </h1>
      {setting.isPending ? (
        <Spinner size="large" />
      ) : setting.isError ? (
        <div role="alert">
          <p>
            <Trans>Your security settings could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void setting.refetch()}>
            {t`Try again`}
          </button>
        </div>
      ) : (
        <>
          <h2>
            <Trans>Confirmation at sign-in</Trans>
          </h2>
          <p data-testid="current-two-factor">
            <strong>{t(currentInWords(setting.data))}</strong>
          </p>
          {actingAsOther ? (
            <ReadOnlyNote>
              <Trans>
                You are signed in as another user: only they can change how their account signs in or sign out
                their devices.
              </Trans>
            </ReadOnlyNote>
          ) : (
            // A saved setting starts the form afresh, from what the server now holds.
            <SecondFactorForm
              key={`${setting.data.two_factor}-${setting.data.totp_configured}`}
              setting={setting.data}
            />
          )}
        </>
      )}
    </section>
  )
}

function SecondFactorForm({ setting }: { setting: TwoFactorSetting }) {
  const { t } = useLingui()
  const required = setting.required_by_company
  // With a company's requirement, 'off' is not offered: it would still mean a code by e-mail.
  const methods: Method[] = required ? ['email', 'totp'] : ['off', 'email', 'totp']
  const [choice, setChoice] = useState<Method>(
    required && setting.two_factor === 'off' ? 'email' : setting.two_factor,
  )
  const [password, setPassword] = useState('')
  const [endOthers, setEndOthers] = useState(false)
  const [passwordError, setPasswordError] = useState<string | undefined>()
  const save = useSaveTwoFactorSetting()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (password === '') {
      setPasswordError(t`Enter your current password.`)
      return
    }
    setPasswordError(undefined)
    save.mutate(
      { two_factor: choice, password, end_other_sessions: endOthers },
      {
        onSuccess: (saved) => {
          setPassword('')
          const method = t(methodNames[saved.two_factor])
          showToast(
            'success',
            saved.two_factor === 'totp' && !saved.totp_configured
              ? t`Saved. Your next sign-in sets up the authenticator app.`
              : t`Saved: ${method}.`,
          )
        },
        onError: (failure) => {
          const error = failure as ApiError
          if (error.status === 422 && error.fieldErrors.password) {
            setPasswordError(t`The password is wrong.`)
            return
          }
          // Network and server failures are toasted by the client already; the rest (429 too) here.
          if (!isUnownedFailure(error)) showRequestFailureToast(error)
        },
      },
    )
  }

  return (
    <Form onSubmit={submit} errors={passwordError} className="security-form">
      <RadioGroup
        name="two-factor"
        legend={<Trans>Ask at sign-in for</Trans>}
        options={methods.map((method) => ({ id: method, title: t(methodNames[method]) }))}
        defaultValue={choice}
        onChange={(id) => setChoice(id as Method)}
      />
      {required ? (
        <p className="field__hint">
          <Trans>"Off" is not offered: a company you work in requires a second factor of you.</Trans>
        </p>
      ) : null}
      {choice === 'totp' && !(setting.two_factor === 'totp' && setting.totp_configured) ? (
        <p className="read-only-note" role="note">
          <Trans>
            Your next sign-in walks you through setting up the authenticator app (you scan a QR code with it)
            and then shows your recovery codes once: keep them somewhere safe, they let you in if you lose
            your phone.
          </Trans>
        </p>
      ) : null}
      {choice !== 'totp' && setting.totp_configured ? (
        <p className="field__hint">
          <Trans>The authenticator app and your recovery codes stop working once you save.</Trans>
        </p>
      ) : null}
      <TextField
        type="password"
        label={<Trans>Current password</Trans>}
        autoComplete="current-password"
        value={password}
        maxLength={128}
        onChange={(event) => setPassword(event.target.value)}
        error={passwordError}
      />
      <Checkbox
        label={<Trans>Sign out my other devices</Trans>}
        checked={endOthers}
        onChange={(event) => setEndOthers(event.target.checked)}
      />
      <SubmitButton busy={save.isPending}>
        <Trans>Save</Trans>
      </SubmitButton>
    </Form>
  )
}
