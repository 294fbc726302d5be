import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import { fromPromise } from 'xstate'
import { needsSecondFactor } from '../../../contract/auth/schemas'
import type { SwitchCandidate } from '../../../contract/auth/account-switching-schemas'
import { switchUserMachine } from '../../../machines/switch-user'
import { askSwitchToken, findSwitchCandidates, switchUser } from '../../api/auth/switch-user'
import { inspectionOptions } from '../../app/inspection'
import { loadHomeAfresh } from '../../app/load-afresh'
import { CodeField } from '../../ui/code-field'
import { Form } from '../../ui/form'
import { FormAlert } from '../../ui/form-alert'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { switchFailureText } from './switch-user-failure'

/**
 * The flow of signing in as another user (machines/switch-user.ts) with the app's calls. Once switched the page
 * is loaded afresh at the home address: the session then starts from the new access token, and nothing support
 * had loaded (their queries, their machines) stays in memory beside the customer's data.
 */
export function useSwitchUser(openHome: () => void) {
  const [machine] = useState(() =>
    switchUserMachine.provide({
      actors: {
        requestSwitchToken: fromPromise(async ({ input }) => (await askSwitchToken(input.userId)).token),
        switchUser: fromPromise(async ({ input }) => {
          const reply = await switchUser(input.token)
          if (!needsSecondFactor(reply)) return null
          const { uuid, transport } = reply.login_confirmation_session
          return { uuid, transport: transport.type, recipient: transport.recipient }
        }),
        confirmSwitch: fromPromise(async ({ input }) => {
          await switchUser(input.token, { uuid: input.uuid, code: input.code })
        }),
      },
      actions: { openSwitchedAccount: openHome },
    }),
  )
  return useMachine(machine, inspectionOptions())
}

/** Support's own page: find a customer's account and sign in as them to see what they see. */
export function SwitchUserPanel() {
  const { i18n } = useLingui()
  const [state, send] = useSwitchUser(() => loadHomeAfresh(i18n.locale))
  const { failure, failedCall, target, codeSession } = state.context
  const name = target?.name ?? ''
  const failureText = switchFailureText(failedCall, failure, name)

  return (
    <section className="card" aria-labelledby="switch-user-title">
      <h1 id="switch-user-title">
        <Trans>Sign in as a customer</Trans>
      </h1>
      <p className="section-intro">
        <Trans>
          Find the account of the person you are helping and sign in as them: you see their workspace as they
          do. A banner at the top reminds you, and one click brings you back to your own account. Every switch
          is recorded in the security log.
        </Trans>
      </p>
      {state.matches('choosing') ? (
        <>
          <FormAlert>{failureText}</FormAlert>
          <CandidateSearch onChoose={(candidate) => send({ type: 'user.chosen', target: candidate })} />
        </>
      ) : state.matches('enteringCode') || state.matches('confirming') ? (
        <CodeStep
          recipient={codeSession?.recipient ?? null}
          usesApp={codeSession?.transport === 'totp'}
          error={state.matches('enteringCode') ? (failureText ?? undefined) : undefined}
          busy={state.matches('confirming')}
          onSubmit={(code) => send({ type: 'code.submitted', code })}
          onCancel={() => send({ type: 'switch.cancelled' })}
        />
      ) : (
        <p role="status">
          <Spinner />
          {state.matches('switched') ? (
            <Trans>Opening {name}'s workspace…</Trans>
          ) : (
            <Trans>Signing in as {name}…</Trans>
          )}
        </p>
      )}
    </section>
  )
}

function CandidateSearch({ onChoose }: { onChoose: (candidate: SwitchCandidate) => void }) {
  const { t } = useLingui()
  const [typed, setTyped] = useState('')
  const [query, setQuery] = useState('')
  const [error, setError] = useState<string | undefined>()
  const candidates = useQuery({
    queryKey: ['switch-candidates', query],
    queryFn: () => findSwitchCandidates(query),
    enabled: query.length >= 2,
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = typed.trim()
    if (trimmed.length < 2) {
      setError(t`Enter at least 2 characters of the name, e-mail or phone.`)
      return
    }
    setError(undefined)
    setQuery(trimmed)
  }
  return (
    <>
      <Form onSubmit={submit} errors={error} className="switch-user__search" role="search">
        <TextField
          type="search"
          label={<Trans>Name, e-mail or phone</Trans>}
          value={typed}
          maxLength={100}
          onChange={(event) => setTyped(event.target.value)}
          error={error}
        />
        <SubmitButton busy={candidates.isFetching}>
          <Trans>Find</Trans>
        </SubmitButton>
      </Form>
      {query === '' || candidates.isPending ? null : candidates.isError ? (
        <div role="alert">
          <p>
            <Trans>The accounts could not be searched.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void candidates.refetch()}>
            {t`Try again`}
          </button>
        </div>
      ) : candidates.data.length === 0 ? (
        <p className="empty-state" role="status">
          <Trans>No account matches "{query}".</Trans>
        </p>
      ) : (
        <ul className="switch-user__results" aria-label={t`Accounts found`}>
          {candidates.data.map((candidate) => {
            const candidateName = candidate.name
            return (
              <li key={candidate.id} className="switch-user__result">
                <div>
                  <strong>{candidate.name}</strong>
                  <p className="field__hint">
                    {[candidate.email, candidate.phone ? `+${candidate.phone}` : null]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <button type="button" className="button" onClick={() => onChoose(candidate)}>
                  <Trans>Sign in as {candidateName}</Trans>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}

function CodeStep(props: {
  recipient: string | null
  usesApp: boolean
  error: string | undefined
  busy: boolean
  onSubmit: (code: string) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const [code, setCode] = useState('')
  const [missing, setMissing] = useState<string | undefined>()
  const recipient = props.recipient ?? ''
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!/^\d{6}$/.test(code)) {
      setMissing(t`Enter the 6-digit code.`)
      return
    }
    setMissing(undefined)
    props.onSubmit(code)
  }
  const error = missing ?? props.error
  return (
    <Form onSubmit={submit} errors={error} className="security-form">
      <p>
        {props.usesApp ? (
          <Trans>Confirm it is you: enter the code from your authenticator app.</Trans>
        ) : (
          <Trans>Confirm it is you: enter the code sent to {recipient}.</Trans>
        )}
      </p>
      <CodeField
        label={<Trans>Code</Trans>}
        value={code}
        maxLength={6}
        onChange={(event) => setCode(event.target.value.trim())}
        error={error}
      />
      <div className="form-actions">
        <SubmitButton busy={props.busy}>
          <Trans>Confirm</Trans>
        </SubmitButton>
        <button type="button" className="button" onClick={props.onCancel} disabled={props.busy}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </Form>
  )
}
