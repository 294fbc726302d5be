import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { writeCookie } from '../../src/api/cookies'
import { apiBase } from '../../src/api/client'
import { toastStore } from '../../src/ui/toast-store'
import { salonFive } from '../support/catalogue-replies'
import { assertFullCoverage, createMachineModel, type ModelStep } from '../support/model-coverage'
import {
  anna,
  createFakeApi,
  createGate,
  fail,
  ok,
  salonOne,
  salonTwo,
  type FakeApi,
  type Gate,
} from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies, UI } from '../support/ui-drivers'
import { createScreenReplay } from '../support/ui-model-replay'
import { writeWalkRecord } from '../support/walk-record-writer'
import { administratorDraft, changes, edited, held, machine, modelOptions } from './rights-editor.model'
import { editsOf } from '../../machines/rights-editor'
import type { Rights } from '../../contract/access/rights-catalogue'

// The same event cases as rights-editor.machine.test.ts, so both levels walk the same generated paths.
const model = createMachineModel(machine, modelOptions)

const companyId = salonFive.id
const userId = (modelOptions.input as { userId: number }).userId
const rightsPath = `/en/company/${companyId}/team/${userId}/rights`
const name = 'Olga Petrova'

const server = useMswServer()

interface RightsCalls {
  read: Gate
  preview: Gate
  save: Gate
}

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: RightsCalls | undefined
/** What the server holds and what the page's draft is, as the steps so far made them: saving is offered when they differ. */
let serverHolds: Rights = held.rights
let draftNow: Rights = held.rights

/** Follows the draft and the server's copy through one step, as the owner would expect them. */
function follow(type: string) {
  if (type === 'xstate.done.actor.readRights') serverHolds = draftNow = held.rights
  if (type === 'draft.edited') draftNow = edited
  if (type === 'preset.applied') draftNow = administratorDraft
  if (type === 'edits.discarded') draftNow = serverHolds
  if (type === 'xstate.done.actor.saveRights') serverHolds = draftNow = edited
}

afterEach(async () => {
  await UI.dismissErrorModal()
  cleanup()
  toastStore.clear()
  app?.session.stop()
  await app?.queryClient.cancelQueries()
  app?.queryClient.clear()
  api?.release()
  for (const gate of Object.values(calls ?? {})) gate.release()
  clearAppCookies()
  app = api = calls = undefined
})

const reviewButton = () => screen.getByRole('button', { name: /Review and save$/ })
const question = () => screen.getByRole('region', { name: 'Save these changes?' })

/** Acts out one model step on the page, as the owner or the server would. */
async function playStep(step: ModelStep) {
  const { event } = step
  const gates = calls!
  switch (event.type) {
    case 'xstate.init':
      writeCookie('access_token', api!.issue('owner-token'))
      app = renderApp(rightsPath)
      await api!.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
      expect((await gates.read.next()).path).toBe(`/api/v1/company/${companyId}/users/${userId}/rights`)
      break
    case 'xstate.done.actor.readRights':
      await gates.read.answer(ok({ user_id: userId, user_role: held.userRole, rights: held.rights }))
      break
    case 'xstate.error.actor.readRights':
      await gates.read.answer(fail(403, { message: 'Forbidden' }))
      break
    case 'read.retried':
      await UI.clickButton('Try again')
      await gates.read.next()
      break
    case 'draft.edited': {
      // The search and the day field are set in one change each: typing key by key re-filters 194 flags per key,
      // which is slow in jsdom and says nothing more. The label of a flag ends with its key.
      const search = screen.getByLabelText('Find a right')
      fireEvent.change(search, { target: { value: 'settings_master_access' } })
      const box = await waitFor(() =>
        document.querySelector<HTMLInputElement>('input[name="settings_master_access"]')!,
      )
      expect(box.labels?.[0]?.textContent).toMatch(/^StaffShows the staff list/)
      // Ticked already after a save of the same draft: the day field below still edits the draft.
      if (!box.checked) fireEvent.click(box)
      fireEvent.change(search, { target: { value: '' } })
      const days = screen.getByLabelText('Edit appointments of the last … days')
      fireEvent.change(days, { target: { value: '' } })
      fireEvent.change(days, { target: { value: String(edited.edit_records_last_days_count) } })
      break
    }
    case 'preset.applied':
      await screen.findByRole('option', { name: 'Administrator' })
      ;(screen.getByLabelText('Start from a role preset') as HTMLSelectElement).value = 'administrator'
      screen.getByLabelText('Start from a role preset').dispatchEvent(new Event('change', { bubbles: true }))
      await UI.clickButton('Apply the preset')
      break
    case 'edits.discarded':
      await UI.clickButton('Discard the changes')
      break
    case 'save.requested': {
      await UI.submitWith('Review and save')
      const request = await gates.preview.next()
      expect(request.path).toBe(`/api/v1/company/${companyId}/users/${userId}/rights/preview`)
      const body = request.body as { rights: Record<string, unknown> }
      // Only what differs from what the server holds is sent.
      expect(Object.keys(body.rights).length).toBeGreaterThan(0)
      for (const [key, value] of Object.entries(body.rights))
        expect(value, key).not.toEqual(held.rights[key as keyof typeof held.rights])
      break
    }
    case 'xstate.done.actor.previewRights':
      await gates.preview.answer(ok({ changes }))
      break
    case 'xstate.error.actor.previewRights':
      await gates.preview.answer(
        fail(422, {
          message: 'Validation failed',
          errors: { 'rights.billing_access': ["The owner's rights cannot be reduced"] },
        }),
      )
      break
    case 'save.confirmed': {
      await UI.submitWith('Save')
      const request = await gates.save.next()
      expect(request.path).toBe(`/api/v1/company/${companyId}/users/${userId}/rights`)
      break
    }
    case 'save.cancelled':
      await UI.clickButton('Back to editing')
      break
    case 'xstate.done.actor.saveRights':
      await gates.save.answer(ok({ user_id: userId, user_role: 'specialist', rights: edited, changes }))
      break
    case 'xstate.error.actor.saveRights':
      await gates.save.answer(fail(500, { message: 'Server error' }))
      break
    default:
      throw new Error(`No screen driver for ${event.type}`)
  }
  follow(event.type)
  await expectScreenOf(step)
}

/** The diff in words, as the question shows it. */
function expectDiffInWords() {
  expect(within(question()).getByText('Granted: Staff.')).toBeTruthy()
  expect(
    within(question()).getByText('Edit appointments of the last … days: from 1 days to 3 days.'),
  ).toBeTruthy()
}

/** What each state of the machine looks like on the rights page. */
async function expectScreenOf(step: ModelStep) {
  await waitFor(() => expect(app!.history.location.pathname).toBe(rightsPath))
  const { type } = step.event
  switch (step.state) {
    case 'reading':
      await screen.findByRole('status', { name: 'Loading' })
      expect(screen.queryByRole('heading', { name: `Rights of ${name}` })).toBeNull()
      return
    case 'unavailable':
      await screen.findByText("Your rights in this company do not include seeing the team's rights.")
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
      return
    case 'editing': {
      await screen.findByRole('heading', { name: `Rights of ${name}`, level: 1 })
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Save these changes?' })).toBeNull())
      const pending = Object.keys(editsOf(serverHolds, draftNow)).length > 0
      await waitFor(() => expect((reviewButton() as HTMLButtonElement).disabled).toBe(!pending))
      expect(screen.queryByText(/The preset “Administrator” replaced/) !== null, 'the preset note').toBe(
        type === 'preset.applied',
      )
      expect(screen.queryByText('The rights are saved.') !== null, 'the saved note').toBe(
        type === 'xstate.done.actor.saveRights',
      )
      expect(
        screen.queryByText("The owner's rights cannot be reduced: Billing.") !== null,
        'the refusal in words',
      ).toBe(type === 'xstate.error.actor.previewRights')
      return
    }
    case 'previewing':
      await UI.expectBusy('Review and save')
      return
    case 'confirming':
      await waitFor(() => expectDiffInWords())
      expect(
        within(question()).queryByText('The changes could not be checked or saved. Please try again.') !==
          null,
        'the failed save in words',
      ).toBe(type === 'xstate.error.actor.saveRights')
      return
    case 'saving':
      await UI.expectBusy('Save')
      return
    default:
      throw new Error(`No screen expectation for ${step.state}`)
  }
}

describe('rightsEditor screens, model-based', () => {
  const screens = createScreenReplay(machine, { input: modelOptions.input, history: () => app?.history })

  for (const path of model.paths) {
    it(path.description, async () => {
      api = createFakeApi([salonOne, salonTwo, salonFive])
      calls = {
        read: createGate('get', `/company/${companyId}/users/${userId}/rights`),
        preview: createGate('post', `/company/${companyId}/users/${userId}/rights/preview`),
        save: createGate('put', `/company/${companyId}/users/${userId}/rights`),
      }
      toastStore.clear()
      serverHolds = draftNow = held.rights
      server.use(
        ...Object.values(calls).map((gate) => gate.handler),
        http.get(`${apiBase}/company/${companyId}/users/${userId}/rights/history`, () => ok([])),
        http.get(`${apiBase}/staff/users`, () =>
          ok([{ id: userId, name, user_role: 'specialist', position_id: null, staff_id: 31 }]),
        ),
        http.get(`${apiBase}/accounts/${companyId}/`, () => ok([])),
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
