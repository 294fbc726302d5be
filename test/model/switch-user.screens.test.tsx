import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { SwitchUserEvent } from '../../machines/switch-user'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { replacePageLoader } from '../../src/app/load-afresh'
import { toastStore } from '../../src/ui/toast-store'
import { assertFullCoverage, createMachineModel, type ModelStep } from '../support/model-coverage'
import { anna, createFakeApi, createGate, fail, ok, type FakeApi, type Gate } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'
import { createScreenReplay } from '../support/ui-model-replay'
import { writeWalkRecord } from '../support/walk-record-writer'
import {
  code,
  codeSession,
  machine,
  modelOptions,
  notAllowed,
  owner,
  switchToken,
  tokenRefused,
  wrongCode,
} from './switch-user.model'

// The same event cases as switch-user.machine.test.ts, so both levels walk the same generated paths.
const model = createMachineModel(machine, modelOptions)

const server = useMswServer()
const support = {
  ...anna,
  id: 99,
  name: 'Sam Support',
  email: 'support@example.com',
  page_flags: ['support_tech_user'],
}
const ownerAccount = { id: owner.id, name: owner.name, email: 'demo@example.com', phone: '79001234567' }
const ownerPair = {
  access_token: 'owner-token',
  token_type: 'Bearer',
  expires_in: 900,
  refresh_token: 'r',
  user: { ...anna, id: owner.id, name: owner.name },
}

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: { token: Gate; switchUser: Gate } | undefined
let loads: string[] = []
let restoreLoader: ((path: string) => void) | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  app?.queryClient.clear()
  api?.release()
  for (const gate of Object.values(calls ?? {})) gate.release()
  if (restoreLoader) replacePageLoader(restoreLoader)
  clearAppCookies()
  app = api = calls = restoreLoader = undefined
})

const panel = () => within(screen.getByRole('region', { name: 'Sign in as a customer' }))

/** Acts out one model step on support's home page, as support or the server would. */
async function playStep(step: ModelStep) {
  const event = step.event as unknown as SwitchUserEvent | { type: string; output?: unknown }
  const gates = calls!
  switch (event.type) {
    case 'xstate.init':
      writeCookie('access_token', api!.issue('support-token'))
      app = renderApp('/en')
      await api!.session.answer(ok({ session_id: 's-1', user: support, expires_at: '2030-01-01T00:00:00Z' }))
      await screen.findByRole('heading', { name: 'Sign in as a customer' })
      break
    case 'user.chosen':
      await userEvent.type(panel().getByLabelText('Name, e-mail or phone'), 'demo')
      await userEvent.click(panel().getByRole('button', { name: 'Find' }))
      await userEvent.click(await panel().findByRole('button', { name: `Sign in as ${owner.name}` }))
      expect((await gates.token.next()).body).toEqual({ user_id: owner.id })
      break
    case 'xstate.done.actor.requestSwitchToken':
      await gates.token.answer(ok({ token: switchToken, expires_in: 60 }))
      expect((await gates.switchUser.next()).body).toEqual({ token: switchToken })
      break
    case 'xstate.error.actor.requestSwitchToken':
      await gates.token.answer(fail(403, { message: notAllowed.message }))
      break
    case 'xstate.done.actor.switchUser':
      await gates.switchUser.answer(
        event.output === null
          ? ok(ownerPair)
          : ok({
              login_confirmation_session: {
                uuid: codeSession.uuid,
                flow: 'switch_user',
                transport: { type: codeSession.transport, recipient: codeSession.recipient },
                refresh_ttl_sec: 60,
                attempts_left: 5,
              },
            }),
      )
      break
    case 'xstate.error.actor.switchUser':
      await gates.switchUser.answer(
        fail(422, { message: tokenRefused.message, errors: tokenRefused.fieldErrors }),
      )
      break
    case 'code.submitted':
      await userEvent.type(panel().getByLabelText('Code'), code)
      await userEvent.click(panel().getByRole('button', { name: 'Confirm' }))
      expect((await gates.switchUser.next()).body).toEqual({
        token: switchToken,
        '2fa': { uuid: codeSession.uuid, code },
      })
      break
    case 'switch.cancelled':
      await userEvent.click(panel().getByRole('button', { name: 'Cancel' }))
      break
    case 'xstate.done.actor.confirmSwitch':
      await gates.switchUser.answer(ok(ownerPair))
      break
    case 'xstate.error.actor.confirmSwitch': {
      const { error } = event as unknown as { error: typeof wrongCode | typeof tokenRefused }
      await gates.switchUser.answer(
        'code' in error
          ? fail(422, { message: error.message }, error.code)
          : fail(422, { message: error.message, errors: error.fieldErrors }),
      )
      break
    }
    default:
      throw new Error(`No screen driver for ${step.event.type}`)
  }
  await expectScreenOf(step)
}

/** What support sees in each state of the flow. */
async function expectScreenOf(step: ModelStep) {
  const failedWith = step.event.type.startsWith('xstate.error.actor.')
  switch (step.state) {
    case 'choosing':
      await panel().findByLabelText('Name, e-mail or phone')
      if (step.event.type === 'xstate.error.actor.requestSwitchToken')
        await panel().findByText(`You may not sign in as ${owner.name}.`)
      else if (failedWith)
        await panel().findByText(`Signing in as ${owner.name} took too long. Choose the account again.`)
      else expect(panel().queryByRole('alert')).toBeNull()
      expect(loads).toEqual([])
      break
    case 'requestingToken':
    case 'switching':
      await panel().findByText(`Signing in as ${owner.name}…`)
      break
    case 'enteringCode':
      await panel().findByText(`Confirm it is you: enter the code sent to ${codeSession.recipient}.`)
      if (failedWith) {
        const field = panel().getByLabelText('Code')
        await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
        expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
          'The code is wrong.',
        )
      }
      break
    case 'confirming':
      expect(
        panel()
          .getByRole('button', { name: /Confirm/ })
          .getAttribute('aria-busy'),
      ).toBe('true')
      break
    case 'switched':
      // The owner's workspace opens from a fresh page load at home.
      await waitFor(() => expect(loads).toEqual(['/en']))
      break
    default:
      throw new Error(`No screen check for ${step.state}`)
  }
}

describe('switchUser screens, model-based', () => {
  const screens = createScreenReplay(machine, { history: () => app?.history })

  for (const path of model.paths) {
    it(path.description, async () => {
      loads = []
      restoreLoader = replacePageLoader((target) => loads.push(target))
      api = createFakeApi([])
      calls = {
        token: createGate('post', '/auth/switch_user/token'),
        switchUser: createGate('post', '/auth/switch_user'),
      }
      server.use(
        http.get(`${apiBase}/auth/switch_user/state`, () => ok({ switched_from: null, may_switch: true })),
        http.get(`${apiBase}/auth/switch_user/users`, ({ request }) =>
          new URL(request.url).searchParams.get('q') === 'demo' ? ok([ownerAccount]) : ok([]),
        ),
        calls.token.handler,
        calls.switchUser.handler,
        ...api.handlers,
      )
      await screens.replay(path, playStep)
    })
  }

  it('covers every state and transition', () => {
    writeWalkRecord('screen', import.meta.filename, screens.walked)
    assertFullCoverage(machine, screens.walked)
  })
})
