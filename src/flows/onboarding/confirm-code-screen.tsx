import { Trans, useLingui } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import { useState, type FormEvent } from 'react'
import type { ActorRefFrom } from 'xstate'
import {
  channelAvailable,
  confirmationChannelMachine,
  type ConfirmationChannel,
} from '../../../machines/confirmation-channel'
import { useProgress } from '../../api/onboarding/queries'
import { CodeField } from '../../ui/code-field'
import { codeFailureText } from '../../ui/code-failure-text'
import { codeEntryError, normalizeCode } from '../../ui/code-entry'
import { Form } from '../../ui/form'
import { FormAlert } from '../../ui/form-alert'
import { usePageTitle } from '../../ui/page-title'
import { SubmitButton } from '../../ui/submit-button'
import { ResendWaitMessage } from '../../ui/resend-countdown'
import { Spinner } from '../../ui/spinner'
import { useOnboardingFlow } from './onboarding-context'
import { StepCard } from './step-card'

type ChannelActor = ActorRefFrom<typeof confirmationChannelMachine>

/** /{lang}/onboarding/confirm_code/{id}: the code, and a new one by call, SMS or e-mail once the countdown ends. */
export function ConfirmCodeScreen() {
  const { actor } = useOnboardingFlow()
  const channelActor = useSelector(
    actor,
    (snapshot) => snapshot.children.confirmationChannel as ChannelActor | undefined,
  )
  const progressId = useSelector(actor, (snapshot) => snapshot.context.progress?.progressId ?? null)
  if (!channelActor) return <Spinner size="large" />
  return <ConfirmCodeForm channelActor={channelActor} progressId={progressId} />
}

function ConfirmCodeForm({
  channelActor,
  progressId,
}: {
  channelActor: ChannelActor
  progressId: number | null
}) {
  const { t } = useLingui()
  usePageTitle(msg`Enter the code`)
  const [entryError, setEntryError] = useState<string | undefined>(undefined)
  const state = useSelector(channelActor, (snapshot) => snapshot)
  const progress = useProgress(progressId).data?.onboarding_progress
  const { context } = state
  const verifying = state.matches({ active: { code: 'verifying' } })
  const locked = state.matches({ active: { code: 'locked' } })
  const countingDown = state.matches({ active: { resend: 'countingDown' } })
  const sending = state.matches({ active: { resend: 'sending' } })
  const byEmail = context.channel === 'email'
  const recipient = byEmail ? progress?.email : progress?.phone
  const failure = context.failure
  // Asking for a new code empties the field: the digits of the old one would run into the new one's.
  const [codeFieldKey, setCodeFieldKey] = useState(0)

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '')
    // A code of the wrong length is refused here: sent, it would only be refused by the server.
    const problem = codeEntryError(code)
    setEntryError(problem)
    if (problem) return
    channelActor.send({ type: 'code.submitted', code: normalizeCode(code) })
  }
  const resend = (channel: ConfirmationChannel) => {
    setCodeFieldKey((key) => key + 1)
    setEntryError(undefined)
    channelActor.send({ type: 'code.resend', channel })
  }
  const offered = (['call', context.smsChannel, 'email'] as ConfirmationChannel[]).filter((channel) =>
    channelAvailable(context, channel),
  )
  const channelLabel: Record<ConfirmationChannel, string> = {
    call: t`Call me again`,
    sms: t`Send an SMS`,
    sms_vonage: t`Send an SMS`,
    email: t`Send by e-mail`,
  }

  return (
    <StepCard titleId="confirm-code-title" title={<Trans>Enter the code</Trans>}>
      <p>
        {byEmail ? (
          <Trans>We sent a 6-digit code to {recipient ?? ''}.</Trans>
        ) : context.channel === 'call' ? (
          <Trans>We are calling {recipient ?? ''}: the code is the 6 digits you hear.</Trans>
        ) : (
          <Trans>We sent a 6-digit code by SMS to {recipient ?? ''}.</Trans>
        )}
      </p>
      <Form errors={entryError ?? failure} onSubmit={onSubmit}>
        <CodeField
          key={codeFieldKey}
          label={<Trans>Code</Trans>}
          maxLength={9}
          disabled={locked}
          error={entryError}
        />
        {entryError ? null : <FormAlert>{codeFailureText(failure)}</FormAlert>}
        <SubmitButton busy={verifying || locked}>
          <Trans>Confirm</Trans>
        </SubmitButton>
      </Form>
      {/* No live region: the countdown would be read out every second. */}
      <div className="resend">
        {countingDown ? (
          <p>
            <ResendWaitMessage secondsLeft={context.secondsLeft} />
          </p>
        ) : sending ? (
          <Spinner size="small" />
        ) : (
          offered.map((channel) => (
            <button key={channel} type="button" className="button" onClick={() => resend(channel)}>
              {channelLabel[channel]}
            </button>
          ))
        )}
      </div>
    </StepCard>
  )
}
