import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { SimulatedClock } from 'xstate'
import type { CallFailure } from '../../machines/call-failure'
import type { CodeSent } from '../../machines/confirmation-channel'
import { onboardingClock } from '../../src/flows/onboarding/onboarding-flow'
import { assertFullCoverage, createMachineModel, type ModelStep } from '../support/model-coverage'
import { ok } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'
import { createScreenReplay } from '../support/ui-model-replay'
import {
  confirmedProgress,
  input,
  machine as confirmationChannelMachine,
  modelOptions,
} from './confirmation-channel.model'
import { coveringPaths } from './onboarding.covering-paths'
import { createOnboardingApi, statusOf, type OnboardingApi } from './onboarding.fake-api'
import { unconfirmed } from './onboarding.model'

const model = createMachineModel(confirmationChannelMachine, modelOptions)
const server = useMswServer()
const user = () => userEvent.setup()

let app: RenderedApp | undefined
let api: OnboardingApi | undefined
let clock: SimulatedClock

afterEach(() => {
  cleanup()
  app?.session.stop()
  api?.release()
  onboardingClock.current = undefined
  clearAppCookies()
  for (const name of ['onboarding_notice_accepted', 'onboarding_table', 'ab_group_percentage']) {
    document.cookie = `${name}=; Path=/; Max-Age=0`
  }
})

/** A code failure as the server sends it: `errors` carries the code, attempts left and the wait. */
function codeFailureReply(failure: CallFailure) {
  if (failure.code === undefined) {
    return HttpResponse.json(
      { success: false, data: null, meta: { message: failure.message } },
      { status: failure.status },
    )
  }
  return HttpResponse.json(
    {
      success: false,
      data: null,
      meta: { message: failure.message },
      errors: {
        code: failure.code,
        message: failure.message,
        ...(failure.attemptsLeft === undefined ? {} : { attempts_left: failure.attemptsLeft }),
        ...(failure.waitPeriod === undefined ? {} : { wait_period: failure.waitPeriod }),
      },
    },
    { status: failure.status },
  )
}

const messages: Record<number, string> = {
  2001: 'The code is wrong. Attempts left: 4.',
  2002: 'Limit exceeded: this code cannot be used any more. Ask for a new one.',
  1001: 'Too many requests. Please wait and try again.',
}

const channelButtons: Record<string, RegExp> = {
  call: /Call me again/,
  sms: /Send an SMS/,
  sms_vonage: /Send an SMS/,
  email: /Send by e-mail/,
}

/** Reaches confirm_code as a visitor does: the first step with a phone, the code going by a call. */
async function openConfirmCode() {
  document.cookie = 'onboarding_notice_accepted=1; Path=/'
  app = renderApp('/en/onboarding/first?onboarding=old')
  await user().type(await screen.findByLabelText('Phone'), '+7 900 1234567')
  await user().click(screen.getByRole('button', { name: /Get a code$/ }))
  await api!.first.answer(
    ok({ ...statusOf(unconfirmed), time_to_call: input.waitPeriod, call_count: input.callCount }),
  )
  await screen.findByRole('heading', { name: 'Enter the code' })
}

async function playStep(step: ModelStep) {
  const fakeApi = api!
  const event = step.event as { type: string } & Record<string, unknown>
  switch (event.type) {
    case 'xstate.init':
      return openConfirmCode()
    case 'code.submitted': {
      await user().type(screen.getByLabelText('Code'), '123456')
      await user().click(screen.getByRole('button', { name: /Confirm$/ }))
      expect((await fakeApi.confirm.next()).body).toEqual({ code: '123456' })
      return
    }
    case 'xstate.done.actor.verifyCode':
      await fakeApi.confirm.answer(ok(statusOf(confirmedProgress)))
      return
    case 'xstate.error.actor.verifyCode': {
      const failure = event.error as CallFailure
      await fakeApi.confirm.answer(codeFailureReply(failure))
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(messages[failure.code!]))
      return
    }
    case 'xstate.after.1000.confirmationChannel.active.resend.countingDown':
      await act(async () => clock.increment(1000))
      return
    case 'code.resend': {
      const channel = event.channel as string
      const button = await screen.findByRole('button', { name: channelButtons[channel] })
      // Digits typed for the old code do not stay to run into the new one's.
      const field = () => screen.getByLabelText('Code') as HTMLInputElement
      if (!field().disabled) await user().type(field(), '12')
      await user().click(button)
      expect(field().value).toBe('')
      expect((await fakeApi.resend.next()).body).toEqual({ channel })
      return
    }
    case 'xstate.done.actor.sendCode': {
      const sent = event.output as CodeSent
      await fakeApi.resend.answer(
        ok({
          confirmation_code_send_channel: sent.channel,
          attempts_left: sent.attemptsLeft,
          wait_period: sent.waitPeriod,
          call_count: 2,
          available_channels: ['call', 'sms', 'email'],
        }),
      )
      return
    }
    case 'xstate.error.actor.sendCode':
      await fakeApi.resend.answer(codeFailureReply(event.error as CallFailure))
      return
    default:
      throw new Error(`No screen driver for ${event.type}`)
  }
}

/** What the visitor sees: the code field's state, and the countdown or the channels offered. */
async function expectScreenOf(step: ModelStep) {
  if (step.state === 'confirmed') {
    // The right code moves the onboarding on to the questionnaire.
    await screen.findByRole('heading', { name: 'About you and your business' })
    return
  }
  const codeField = () => screen.getByLabelText('Code') as HTMLInputElement
  if (step.state.includes('active.code.locked')) await waitFor(() => expect(codeField().disabled).toBe(true))
  if (step.state.includes('active.code.editing'))
    await waitFor(() => expect(codeField().disabled).toBe(false))
  if (step.state.includes('active.code.verifying')) {
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Confirm$/ }).getAttribute('aria-busy')).toBe('true'),
    )
  }
  if (step.state.includes('active.resend.countingDown'))
    await screen.findByText(/^You can ask for a new code in \d+ s\.$/)
  if (step.state.includes('active.resend.ready')) await screen.findByRole('button', { name: /Call me again/ })
  if (step.state.includes('active.resend.sending')) {
    await waitFor(() => expect(screen.queryByRole('button', { name: /Call me again/ })).toBeNull())
  }
  expect(app!.history.location.pathname).toBe('/en/onboarding/confirm_code/41')
}

describe('confirmationChannel screens, model-based', async () => {
  const screens = createScreenReplay(confirmationChannelMachine, { input, history: () => app?.history })
  const paths = await coveringPaths(confirmationChannelMachine, model.paths, { input })

  for (const path of paths) {
    it(path.description, async () => {
      api = createOnboardingApi()
      clock = new SimulatedClock()
      onboardingClock.current = clock
      server.use(...api.handlers)
      await screens.replay(path, async (step) => {
        await playStep(step)
        await expectScreenOf(step)
      })
    })
  }

  it('covers every state and transition', () => {
    assertFullCoverage(confirmationChannelMachine, screens.walked)
  })
})
