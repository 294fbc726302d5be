import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { Completion, ProgressView } from '../../machines/onboarding'
import { assertFullCoverage, createMachineModel, type ModelStep } from '../support/model-coverage'
import { fail, ok } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies, UI } from '../support/ui-drivers'
import { createScreenReplay } from '../support/ui-model-replay'
import { coveringPaths } from './onboarding.covering-paths'
import {
  clearOnboardingCookies,
  completionReplyOf,
  createOnboardingApi,
  invite,
  statusOf,
  type OnboardingApi,
} from './onboarding.fake-api'
import { machine as onboardingMachine, modelOptions, progressId } from './onboarding.model'

// The same model as onboarding.machine.test.ts; the screens replay a subset of its paths that
// together take every transition, since each path here is a whole visit through the rendered app.
const model = createMachineModel(onboardingMachine, modelOptions)

const server = useMswServer()
const user = () => userEvent.setup()

let app: RenderedApp | undefined
let api: OnboardingApi | undefined
let variant: 'older' | 'newer' = 'newer'
let joining = false
/** The history's length when the visitor answered a step: moving on must add an entry, so Back returns. */
let historyLengthAtAnswer: number | null = null

afterEach(() => {
  cleanup()
  app?.session.stop()
  api?.release()
  clearAppCookies()
  clearOnboardingCookies()
  app = undefined
  api = undefined
})

const pathOf = (route: string) => `/en${route.replace('$id', String(progressId))}`

async function click(name: string | RegExp) {
  await user().click(await screen.findByRole('button', { name }))
}

/** Acts out one model step on the screen, the way a visitor or the server would. */
async function playStep(step: ModelStep) {
  const fakeApi = api!
  const event = step.event as { type: string } & Record<string, unknown>
  switch (event.type) {
    case 'xstate.init':
      return
    case 'route.opened': {
      const opened = event as unknown as {
        screen: string
        progressId: number | null
        variant: 'older' | 'newer'
      }
      const route =
        opened.screen === 'first' ? '/onboarding/first' : `/onboarding/${opened.screen}/${opened.progressId}`
      if (!app) {
        variant = opened.variant
        app = renderApp(`/en${route}?onboarding=${opened.variant === 'newer' ? 'new' : 'old'}`)
      } else if (app.history.location.pathname !== `/en${route}`) {
        app.history.push(`/en${route}`)
      } else {
        // The URL of the screen already shown, opened again by the visitor (here without the language
        // prefix and back, in place): the flow is told, and nothing changes.
        const { history } = app
        for (const path of [route, `/en${route}`]) {
          await act(async () => history.replace(path))
          await waitFor(() => expect(history.location.pathname).toBe(path))
        }
      }
      return
    }
    case 'notice.accepted':
      return click('I understand')
    case 'first.submitted': {
      // A first step shown again keeps what was typed before (the visitor corrects it, or sends it as it is).
      const phone = await screen.findByLabelText('Phone')
      await user().clear(phone)
      await user().type(phone, '+7 900 1234567')
      await click(/Get a code$/)
      const request = await fakeApi.first.next()
      expect(request.body).toMatchObject({ phone: '+79001234567', version: variant === 'newer' ? 4 : 3 })
      return
    }
    case 'xstate.done.actor.submitFirst': {
      const output = event.output as { progress: ProgressView | null; needRecaptcha: boolean }
      if (output.needRecaptcha) {
        await fakeApi.first.answer(
          fail(422, {
            message: 'Validation failed',
            errors: { google_recaptcha_v2_token: ['Confirm that you are not a robot'] },
          }),
        )
        await screen.findByRole('checkbox', { name: "I'm not a robot" })
        return
      }
      await fakeApi.first.answer(ok(statusOf(output.progress!)))
      return
    }
    case 'xstate.error.actor.submitFirst':
      await fakeApi.first.answer(
        fail(422, {
          message: 'Validation failed',
          errors: { phone: ['Enter a valid phone number with its country code'] },
        }),
      )
      // The client's own sentence, in the visitor's language, never the server's wording.
      await screen.findByText('Enter a valid phone number with its country code.')
      return
    case 'xstate.done.actor.confirmationChannel': {
      await user().type(await screen.findByLabelText('Code'), '123456')
      await click(/Confirm$/)
      const request = await fakeApi.confirm.answer(ok(statusOf(event.output as ProgressView)))
      expect(request.body).toEqual({ code: '123456' })
      return
    }
    case 'xstate.done.actor.loadProgress':
      await fakeApi.progress.answer(ok(statusOf(event.output as ProgressView)))
      return
    case 'xstate.error.actor.loadProgress':
      await fakeApi.progress.answer(fail(404, { message: 'Registration not found' }))
      return
    case 'step.submitted': {
      historyLengthAtAnswer = app!.history.length
      await click(/(Next|Finish)$/)
      const request = await fakeApi.step.next()
      expect(request.path).toBe(`/api/v1/onboarding/${step.state.split('.')[0]}/${progressId}`)
      return
    }
    case 'xstate.done.actor.saveStep':
      await fakeApi.step.answer(ok(statusOf(event.output as ProgressView)))
      return
    case 'xstate.error.actor.saveStep': {
      const error = event.error as { status: number; message: string; fieldErrors?: Record<string, string[]> }
      await fakeApi.step.answer(fail(error.status, { message: error.message, errors: error.fieldErrors }))
      if (error.fieldErrors) await screen.findByText('Check the highlighted fields.')
      // Without the right to the progress, the visitor confirms again (after the notice, if not yet accepted).
      else if (step.state === 'first.form')
        await screen.findByText(/enter your phone or e-mail and confirm it again/)
      return
    }
    case 'xstate.done.actor.loadInvites': {
      joining = false
      const count = event.output as number
      await fakeApi.invites.answer(
        ok(count > 0 ? [invite, { ...invite, id: 6, company: { id: 2, title: 'Salon Two' } }] : []),
      )
      return
    }
    case 'xstate.error.actor.loadInvites':
      joining = false
      await fakeApi.invites.answer(fail(503, { message: 'Service unavailable' }))
      return
    case 'company.chosen':
      joining = false
      return click('Create my own company')
    case 'invites.accepted':
      joining = true
      await screen.findByText('Salon One')
      return click('Join')
    case 'registration.submitted': {
      await user().type(await screen.findByLabelText('Password'), 'long-secret-1')
      await user().type(await screen.findByLabelText('Repeat the password'), 'long-secret-1')
      await click(joining ? /Join$/ : /Create the company$/)
      const gate = joining ? fakeApi.registerInvites : fakeApi.registerCompany
      expect((await gate.next()).body).toMatchObject({
        password: 'long-secret-1',
        confirm_password: 'long-secret-1',
      })
      return
    }
    case 'xstate.done.actor.register': {
      const gate = joining ? fakeApi.registerInvites : fakeApi.registerCompany
      await gate.answer(ok(completionReplyOf(event.output as Completion, progressId)))
      return
    }
    case 'xstate.error.actor.register': {
      const gate = joining ? fakeApi.registerInvites : fakeApi.registerCompany
      await gate.answer(
        fail(422, {
          message: 'Validation failed',
          errors: { password: ['This password is too common. Choose another one.', 'x'] },
        }),
      )
      await screen.findByText('This password is too common. Choose another one.')
      expect(document.activeElement).toBe(screen.getByLabelText(/^Password/))
      return
    }
    case 'xstate.done.actor.finishSignedIn': {
      const gate = joining ? fakeApi.join : fakeApi.createCompany
      await gate.answer(ok(completionReplyOf(event.output as Completion, progressId)))
      return
    }
    case 'xstate.error.actor.finishSignedIn': {
      const gate = joining ? fakeApi.join : fakeApi.createCompany
      await gate.answer(fail(503, { message: 'Service unavailable' }))
      return
    }
    case 'finish.retried':
      return click('Try again')
    case 'welcome.continued':
      return click('Start working')
    default:
      throw new Error(`No screen driver for ${event.type}`)
  }
}

const headings: Record<string, (variantShown: 'older' | 'newer') => string> = {
  'first.forbiddenNotice': () => 'Before you register',
  'first.form': (shown) => (shown === 'newer' ? 'Try it free for your business' : 'Registration'),
  'first.submitting': (shown) => (shown === 'newer' ? 'Try it free for your business' : 'Registration'),
  confirmCode: () => 'Enter the code',
  'second.editing': (shown) => (shown === 'newer' ? 'Tell us about yourself' : 'About you and your business'),
  'second.saving': (shown) => (shown === 'newer' ? 'Tell us about yourself' : 'About you and your business'),
  'third.editing': () => 'Your business',
  'third.saving': () => 'Your business',
  'fourth.editing': (shown) => (shown === 'newer' ? 'Your goals' : 'Where you work'),
  'fourth.saving': (shown) => (shown === 'newer' ? 'Your goals' : 'Where you work'),
  'fifth.editing': () => 'What do you need first?',
  'fifth.saving': () => 'What do you need first?',
  createOrJoin: () => 'You have invitations',
  'continueRegister.editing': () => (joining ? 'Create your account to join' : 'Create your account'),
  'continueRegister.submitting': () => (joining ? 'Create your account to join' : 'Create your account'),
  welcome: () => 'Welcome, ',
  completed: () => 'Registration complete',
}

/** What the visitor sees in each state: the screen's heading on the state's route. */
async function expectScreenOf(step: ModelStep) {
  const heading = headings[step.state]
  if (heading) {
    const name = heading(variant)
    // The welcome greets whoever the completion names.
    await screen.findByRole('heading', { name: name.endsWith(' ') ? new RegExp(`^${name}`) : name, level: 1 })
  }
  if (step.route) await waitFor(() => expect(app!.history.location.pathname).toBe(pathOf(step.route!)))
  if (step.state.endsWith('.saving') || step.state.endsWith('.submitting')) {
    await waitFor(() => expect(screen.getByRole('button', { busy: true })).toBeTruthy())
  }
  if (step.state === 'finishingSignedIn.failed')
    await screen.findByText('Your company could not be set up. Please try again.')
  // While the company is being created, nothing says it failed.
  if (step.state === 'finishingSignedIn.working')
    expect(screen.queryByText('Your company could not be set up. Please try again.')).toBeNull()
  // The code screen opened again (reload, Back, a link) shows first and says why (SPEC.md section 2).
  const opened = step.event as { type: string; screen?: string }
  if (opened.type === 'route.opened' && opened.screen === 'confirm_code' && step.state === 'first.form')
    await screen.findByText(/The code screen was left/)
  // A step the visitor answered is a new history entry, so Back leads to the step before.
  if (
    step.event.type === 'xstate.done.actor.saveStep' &&
    historyLengthAtAnswer !== null &&
    step.route &&
    /^(second|third|fourth|fifth)\./.test(step.state)
  ) {
    await waitFor(() => expect(app!.history.location.pathname).toBe(pathOf(step.route!)))
    expect(app!.history.length).toBeGreaterThan(historyLengthAtAnswer)
  }
  if (step.state === 'completed' && step.event.type === 'xstate.done.actor.register') {
    // A new account is signed in by its completion.
    expect(UI.accessTokenCookie()).toBe('token-new')
  }
}

describe('onboarding screens, model-based', async () => {
  const screens = createScreenReplay(onboardingMachine, {
    input: modelOptions.input,
    history: () => app?.history,
    urlEvents: ['route.opened'],
  })
  const paths = await coveringPaths(onboardingMachine, model.paths, { input: modelOptions.input })

  for (const path of paths) {
    it(path.description, async () => {
      api = createOnboardingApi()
      variant = 'newer'
      joining = false
      server.use(...api.handlers)
      await screens.replay(path, async (step) => {
        await playStep(step)
        await expectScreenOf(step)
      })
    })
  }

  it('covers every state and transition', () => {
    assertFullCoverage(onboardingMachine, screens.walked)
  })
})
