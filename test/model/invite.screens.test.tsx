import { cleanup, screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { inviteMachine } from '../../machines/invite'
import { writeCookie } from '../../src/api/cookies'
import { assertFullCoverage, createMachineModel, type ModelStep } from '../support/model-coverage'
import {
  anna,
  createFakeApi,
  createSignInExtrasGates,
  fail,
  ok,
  salonOne,
  salonTwo,
  tokenPair,
  type FakeApi,
  type SignInExtrasGates,
} from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies, UI } from '../support/ui-drivers'
import { createScreenReplay } from '../support/ui-model-replay'
import { failures, form, joinedCompanyId, modelOptions, tokenPair as modelTokenPair } from './invite.model'

// The same event cases as invite.machine.test.ts, so both levels walk the same generated paths.
const model = createMachineModel(inviteMachine, modelOptions)

const invitePath = '/en/invite/invite-token'
const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
let gates: SignInExtrasGates | undefined
/** Who the visitor is in the path being replayed: a member signed in, or a new person. */
let signedIn = false

afterEach(async () => {
  await UI.dismissErrorModal()
  cleanup()
  app?.session.stop()
  api?.release()
  gates?.release()
  clearAppCookies()
  app = api = gates = undefined
})

/** What a failure of the model becomes on the wire. */
function replyOf(error: unknown): Response {
  if (error === failures.network) return HttpResponse.error()
  const { status, message, fieldErrors } = error as {
    status: number
    message: string
    fieldErrors?: Record<string, string[]>
  }
  return fail(status, { message, ...(fieldErrors ? { errors: fieldErrors } : {}) })
}

/** Acts out one model step on the screen, as the visitor or the server would. */
async function playStep(step: ModelStep, next: ModelStep | undefined) {
  const { event } = step
  const fakeApi = api!
  const extras = gates!
  switch (event.type) {
    case 'xstate.init': {
      // The load reports whether the visitor is signed in; the model's next step says which it is.
      signedIn = (next?.event as { output?: { signedIn: boolean } }).output?.signedIn === true
      if (signedIn) writeCookie('access_token', fakeApi.issue('member-token'))
      app = renderApp(invitePath)
      if (signedIn) {
        await fakeApi.session.answer(
          ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }),
        )
      }
      expect((await extras.invite.next()).path).toBe('/api/v1/invites/invite-token')
      break
    }
    case 'xstate.done.actor.loadInvite': {
      const { output } = event as unknown as { output: { invite: object } }
      await extras.invite.answer(ok(output.invite))
      break
    }
    case 'xstate.error.actor.loadInvite':
      await extras.invite.answer(replyOf((event as unknown as { error: unknown }).error))
      break
    case 'invite.signInChosen':
      await UI.clickButton('Sign in to accept')
      break
    case 'registration.submitted': {
      await UI.fillField('Your name', form.name)
      await UI.fillField('Phone', form.phone)
      await UI.fillField('E-mail', form.email)
      await UI.fillField('Password', form.password)
      await UI.fillField('Repeat the password', form.confirm_password)
      // The single accept checkbox sets both oferta and confidential.
      await UI.toggle('I accept the terms of service and the privacy policy')
      await UI.submitWith('Join')
      expect((await extras.registerThroughInvite.next()).body).toEqual(form)
      break
    }
    case 'xstate.done.actor.register':
      await extras.registerThroughInvite.answer(
        ok(
          tokenPair(fakeApi.issue('newbie-token'), { ...anna, id: modelTokenPair.user.id, name: form.name }),
          {
            status: 201,
          },
        ),
      )
      break
    case 'xstate.error.actor.register':
      await extras.registerThroughInvite.answer(replyOf((event as unknown as { error: unknown }).error))
      break
    case 'invite.accept': {
      await UI.clickButton('Accept the invitation')
      expect((await extras.acceptInvite.next()).authorization).toBe('Bearer member-token')
      break
    }
    case 'xstate.done.actor.acceptInvite':
      await extras.acceptInvite.answer(ok({ company_id: joinedCompanyId, role: 'specialist' }))
      break
    case 'xstate.error.actor.acceptInvite':
      await extras.acceptInvite.answer(replyOf((event as unknown as { error: unknown }).error))
      break
    default:
      throw new Error(`No screen driver for ${event.type}`)
  }
  await expectScreenOf(step)
}

const unavailableTitles: Record<string, string> = {
  unknown: 'This invitation does not exist',
  used: 'This invitation has already been used',
  expired: 'This invitation has expired',
  revoked: 'This invitation was withdrawn',
}

/** The reason the model's failure or invite stands for, as the screen must tell it. */
function unavailableReasonOf(event: ModelStep['event']): string {
  const { output, error } = event as { output?: { invite: { status: string } }; error?: unknown }
  if (output) return output.invite.status === 'accepted' ? 'used' : output.invite.status
  if (error === failures.unknown) return 'unknown'
  if (error === failures.used) return 'used'
  if (error === failures.expired) return 'expired'
  return 'revoked'
}

/**
 * The registration form's fields say what they hold, so that phones show the right keyboard and password
 * managers fill the contact and offer a new password (not the saved one).
 */
function expectRegistrationFieldsForBrowsers() {
  const fields = {
    'Your name': ['text', 'name'],
    Phone: ['tel', 'tel'],
    'E-mail': ['email', 'email'],
    Password: ['password', 'new-password'],
    'Repeat the password': ['password', 'new-password'],
  }
  for (const [label, [type, autoComplete]] of Object.entries(fields)) {
    const input = screen.getByLabelText(label, { exact: true }) as HTMLInputElement
    expect([input.type, input.autocomplete, input.required], label).toEqual([type, autoComplete, true])
  }
}

/** What each state of the flow looks like; every screen but the company's home is the invite's own page. */
async function expectScreenOf(step: ModelStep) {
  const { history } = app!
  if (step.state !== 'joined' && step.state !== 'authorize')
    await waitFor(() => expect(history.location.pathname).toBe(invitePath))
  const { event } = step
  switch (step.state) {
    case 'loading':
      expect(await screen.findByRole('status', { name: 'Loading' })).toBeTruthy()
      expect(screen.queryByRole('heading')).toBeNull()
      return
    case 'register.editing':
      await screen.findByRole('heading', { name: 'Join the team' })
      expect(document.title).toBe('Join the team · Salon')
      expect(screen.getByText('Oleg Other invites you to join Northern Barbers.')).toBeTruthy()
      if (event.type === 'xstate.done.actor.loadInvite') {
        // The invited contact is filled in for the new person; the invitation named no phone.
        expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('newbie@example.com')
        expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('')
      }
      expectRegistrationFieldsForBrowsers()
      if (event.type === 'xstate.error.actor.register') {
        // The message shows beside its field.
        await screen.findByText('Use the e-mail the invitation was sent to.')
      }
      expect(UI.accessTokenCookie()).toBeNull()
      return
    case 'register.registering':
      await UI.expectBusy('Join')
      return
    case 'accept.idle':
      await screen.findByRole('heading', { name: 'Invitation' })
      expect(document.title).toBe('Invitation · Salon')
      expect(screen.getByText('Oleg Other invites you to join Northern Barbers.')).toBeTruthy()
      // Whom it was sent to and who accepts it, side by side: anyone holding the link may accept.
      screen.getByText(
        `It was sent to newbie@example.com. You are signed in as ${anna.name}: accepting adds this account to the team.`,
      )
      if (event.type === 'xstate.error.actor.acceptInvite')
        await UI.expectAlert('The server did not answer in time. Please try again.')
      else expect(UI.formAlert()).toBeNull()
      return
    case 'accept.accepting':
      await waitFor(() =>
        expect(
          (screen.getByRole('button', { name: /Accept the invitation$/ }) as HTMLButtonElement).disabled,
        ).toBe(true),
      )
      return
    case 'unavailable': {
      const reason = unavailableReasonOf(event)
      await screen.findByRole('heading', { name: unavailableTitles[reason] })
      expect(document.title).toBe('Invitation unavailable · Salon')
      expect(screen.getByRole('link', { name: 'Go to sign-in' })).toBeTruthy()
      return
    }
    case 'joined':
      // A new person is signed in with the tokens the registration answered; a member stays signed in.
      expect(step.route).toBe('/?company=$joinedCompanyId')
      if (!signedIn) {
        await UI.expectHome(history, { userName: form.name, company: salonOne.title })
        expect(UI.accessTokenCookie()).toBe('newbie-token')
        return
      }
      // A member lands in the company just joined, not in the first of their companies.
      expect(joinedCompanyId).toBe(salonTwo.id)
      await UI.expectHome(history, { userName: anna.name, company: salonTwo.title })
      expect(history.location.search).toBe(`?company=${salonTwo.id}`)
      expect(UI.accessTokenCookie()).toBe('member-token')
      return
    case 'authorize':
      // invite_authorize: the sign-in screen, which returns to this invitation after signing in.
      await UI.expectSignInScreen(history)
      expect(new URLSearchParams(history.location.search).get('redirect')).toBe('/en/invite/invite-token')
      return
    default:
      throw new Error(`No screen expectation for ${step.state}`)
  }
}

describe('invite screens, model-based', () => {
  const screens = createScreenReplay(inviteMachine, {
    input: modelOptions.input,
    history: () => app?.history,
  })

  for (const path of model.paths) {
    it(path.description, async () => {
      api = createFakeApi()
      gates = createSignInExtrasGates()
      server.use(...api.handlers, ...gates.handlers)
      await screens.replay(path, async (step, index) => {
        await playStep(step, path.steps[index + 1])
        // The invitation loads with its route (a loader); the machine takes that answer, or that failure, from
        // the query cache: once the screen shows the answer, the server was asked once, not again on mount.
        if (step.event.type.endsWith('.actor.loadInvite')) expect(gates!.invite.count).toBe(1)
      })
    })
  }

  it('covers every state and transition', () => {
    assertFullCoverage(inviteMachine, screens.walked)
  })
})
