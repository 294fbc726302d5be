import { expect } from 'vitest'
import { switchUserMachine } from '../../machines/switch-user'
import type { BrowserModel, Journey } from '../support/browser-model-journeys'
import { apiCall, latestCode, latestMessage, signInOnPage } from '../support/e2e-journey-helpers'
import type { ModelPath, ModelStep } from '../support/model-coverage'
import { modelOptions } from '../model/switch-user.model'

const SUPPORT = { email: 'support@example.com', password: 'demo12345' } as const
const OWNER_NAME = 'Anna Demo'

/** Support's API session per server, to switch their own second factor on and off between journeys. */
const supportTokens = new Map<string, string>()

async function supportToken(origin: string) {
  let token = supportTokens.get(origin)
  if (!token) {
    const signedIn = await apiCall<{ access_token: string }>(origin, '/auth', {
      body: { login: SUPPORT.email, password: SUPPORT.password },
    })
    expect(signedIn.status).toBe(201)
    token = signedIn.data.access_token
    supportTokens.set(origin, token)
  }
  return token
}

async function setSupportSecondFactor(origin: string, twoFactor: 'off' | 'email') {
  const reply = await apiCall(origin, '/user/2fa', {
    method: 'PUT',
    token: await supportToken(origin),
    body: { two_factor: twoFactor, password: SUPPORT.password },
  })
  expect(reply.status).toBe(200)
}

const asksForCode = (path: ModelPath) =>
  path.steps.some((step) => step.state === 'enteringCode' || step.event.type === 'code.submitted')
const isError = (step: ModelStep | undefined, actor: string) =>
  step?.event.type === `xstate.error.actor.${actor}`

/** A call of the page the journey makes fail as a dropped connection does. */
const apiPath = (path: string) => (url: URL) => url.pathname === `/api/v1${path}`

const panel = (journey: Journey) => journey.page.getByRole('region', { name: 'Sign in as a customer' })

/**
 * Support signs in as the demo owner in Chromium against the real server, from their own home page. Support's
 * own second factor (a code by e-mail) is switched on through the API for the journeys that ask for the code,
 * so those journeys take turns. A wrong code is a real one; the other refusals are the request dropped (the
 * real ones need a minute's wait for the token to run out).
 */
export const switchUserBrowserModel: BrowserModel = {
  machine: switchUserMachine,
  options: modelOptions,
  unreachable: {},
  runsAlone: () => true,
  async prepare(journey) {
    await setSupportSecondFactor(journey.origin, 'off')
    await journey.page.goto(`${journey.origin}/en/signin`)
    await signInOnPage(journey.page, SUPPORT.email, SUPPORT.password)
    await journey.page.getByRole('heading', { name: 'Sign in as a customer' }).waitFor()
    if (asksForCode(journey.path)) await setSupportSecondFactor(journey.origin, 'email')
  },
  async act(journey, step, next) {
    const { page, origin, data } = journey
    switch (step.event.type) {
      case 'xstate.init':
        await page.goto(`${origin}/en?inspect=1`)
        return
      case 'user.chosen': {
        if (isError(next, 'requestSwitchToken'))
          await page.route(apiPath('/auth/switch_user/token'), (route) => route.abort('internetdisconnected'))
        await panel(journey).getByLabel('Name, e-mail or phone').fill('demo@')
        await panel(journey).getByRole('button', { name: 'Find' }).click()
        // The token is exchanged at once: a failing exchange is set up before the choice.
        const after = journey.path.steps[journey.path.steps.indexOf(step) + 2]
        if (isError(after, 'switchUser'))
          await page.route(apiPath('/auth/switch_user'), (route) => route.abort('internetdisconnected'))
        // The code of an earlier journey is not this one's.
        data.before = /\b(\d{6})\b/.exec((await latestMessage(origin, SUPPORT.email))?.text ?? '')?.[1]
        await panel(journey)
          .getByRole('button', { name: `Sign in as ${OWNER_NAME}` })
          .click()
        return
      }
      case 'code.submitted': {
        const refusal = isError(next, 'confirmSwitch')
          ? (next!.event as unknown as { error: { code?: number } }).error
          : undefined
        const sent = await latestCode(origin, SUPPORT.email, data.before as string | undefined)
        if (refusal && refusal.code !== 2001)
          await page.route(apiPath('/auth/switch_user'), (route) => route.abort('internetdisconnected'))
        const code = refusal?.code === 2001 ? (sent === '000000' ? '111111' : '000000') : sent
        await panel(journey).getByLabel('Code').fill(code)
        await panel(journey).getByRole('button', { name: 'Confirm' }).click()
        return
      }
      case 'switch.cancelled':
        await panel(journey).getByRole('button', { name: 'Cancel' }).click()
        return
      default:
      // The server's replies answer the step before.
    }
  },
  see: {
    choosing: async (journey) => {
      await panel(journey).getByLabel('Name, e-mail or phone').waitFor()
    },
    requestingToken: null,
    switching: null,
    enteringCode: async (journey) => {
      await panel(journey).getByText('Confirm it is you: enter the code sent to', { exact: false }).waitFor()
    },
    confirming: null,
    switched: async ({ page }) => {
      // A fresh page at home: the owner's workspace, under the banner that says whose it is.
      await page.getByTestId('acting-as').getByText(`You are signed in as ${OWNER_NAME}`).waitFor()
      await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).first().waitFor()
      await page.getByRole('button', { name: 'Return to your account' }).waitFor()
    },
  },
}
