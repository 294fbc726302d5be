import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { Employee } from '../../contract/staff/schemas'
import type { EmployeeStatus } from '../../machines/employee-lifecycle'
import { writeCookie } from '../../src/api/cookies'
import { apiBase } from '../../src/api/client'
import { toastStore } from '../../src/ui/toast-store'
import { employeeReply, salonFive } from '../support/catalogue-replies'
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
import { dismissal, impact, machine, modelOptions } from './employee-lifecycle.model'

// The same event cases as employee-lifecycle.machine.test.ts, so both levels walk the same generated paths.
const model = createMachineModel(machine, modelOptions)

const companyId = salonFive.id
const staffId = (modelOptions.input as { staffId: number }).staffId
const cardPath = `/en/company/${companyId}/staff/${staffId}`
const name = 'Olga Petrova'

const server = useMswServer()

/** The employee as the server holds them in each status, with a sign-in of their own. */
function employeeIn(status: EmployeeStatus): Employee {
  return {
    ...employeeReply(staffId, name, 'Colorist'),
    user: { id: 9, name },
    status,
    fired: status === 'fired' ? 1 : 0,
    is_fired: status === 'fired',
    deleted: status === 'deleted' ? 1 : 0,
    date_dismissal: status === 'fired' ? dismissal.date : null,
    dismissal_reason: status === 'fired' ? dismissal.reason : '',
  }
}

/** The calls whose answers a step decides, each held until the step answers it. */
interface LifecycleCalls {
  employee: Gate
  salons: Gate
  fire: Gate
  remove: Gate
  restore: Gate
}

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: LifecycleCalls | undefined
/** What the server holds now: every read of the employee after a change answers it. */
let held: Employee = employeeIn('active')

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

const lifecycleRegion = () => screen.getByRole('region', { name: 'Work at the salon' })
const formNamed = (label: string) => screen.getByRole('form', { name: label })

/** After a change the card reads the employee again: the server answers what it now holds. */
async function answerReread(status: EmployeeStatus) {
  held = employeeIn(status)
  await calls!.employee.answer(ok(held))
}

/** Acts out one model step on the screen, as the owner or the server would. */
async function playStep(step: ModelStep) {
  const { event } = step
  const gates = calls!
  switch (event.type) {
    case 'xstate.init':
      writeCookie('access_token', api!.issue('owner-token'))
      app = renderApp(cardPath)
      await api!.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
      expect((await gates.employee.next()).path).toBe(`/api/v1/staff/${staffId}`)
      break
    case 'xstate.done.actor.readEmployee': {
      const { output } = event as unknown as { output: EmployeeStatus }
      held = employeeIn(output)
      await gates.employee.answer(ok(held))
      break
    }
    case 'xstate.error.actor.readEmployee':
      // A refusal is not asked again (only failures without a reply are), so one answer is the whole failure.
      await gates.employee.answer(fail(403, { message: 'Forbidden' }))
      break
    case 'read.retried':
      await UI.clickButton('Try again')
      await gates.employee.next()
      break
    case 'dismiss.requested':
      await UI.clickButton('Dismiss')
      expect((await gates.salons.next()).path).toBe(`/api/v1/staff/${staffId}/available_remove_salons`)
      break
    case 'delete.requested':
      await UI.clickButton('Delete')
      await gates.salons.next()
      break
    case 'xstate.done.actor.readImpact':
      await gates.salons.answer(ok(impact.salons))
      break
    case 'xstate.error.actor.readImpact':
      await gates.salons.answer(fail(403, { message: 'Forbidden' }))
      break
    case 'dismiss.confirmed': {
      const form = formNamed(`Dismiss ${name}`)
      await UI.fillField('Last working day', dismissal.date)
      await UI.fillField('Reason (optional)', dismissal.reason)
      const untick = within(form).getByLabelText(
        'Also remove their sign-in from this salon',
      ) as HTMLInputElement
      if (untick.checked !== dismissal.deleteUser)
        await UI.toggle('Also remove their sign-in from this salon')
      await UI.submitWith('Dismiss')
      const request = await gates.fire.next()
      expect(request.body).toEqual({
        staff_id: staffId,
        date_dismissal: dismissal.date,
        dismissal_reason: dismissal.reason,
        user_delete: dismissal.deleteUser,
      })
      break
    }
    case 'dismiss.cancelled':
    case 'delete.cancelled':
      await UI.clickButton('Cancel')
      break
    case 'xstate.done.actor.dismissEmployee':
      await gates.fire.answer(ok(employeeIn('fired')))
      await answerReread('fired')
      break
    case 'xstate.error.actor.dismissEmployee':
    case 'xstate.error.actor.deleteEmployee': {
      const refusal = fail(422, {
        message: 'Validation failed',
        errors: { user_delete: ['The owner cannot be removed from the company'] },
      })
      await (event.type === 'xstate.error.actor.dismissEmployee' ? gates.fire : gates.remove).answer(refusal)
      break
    }
    case 'delete.confirmed': {
      const { deleteUser } = event as unknown as { deleteUser: boolean }
      const form = formNamed(`Delete ${name}`)
      const box = within(form).getByLabelText('Also remove their sign-in from this salon') as HTMLInputElement
      if (box.checked !== deleteUser) await UI.toggle('Also remove their sign-in from this salon')
      await UI.submitWith('Delete')
      expect((await gates.remove.next()).body).toEqual({ staff_id: staffId, user_delete: deleteUser })
      break
    }
    case 'xstate.done.actor.deleteEmployee':
      await gates.remove.answer(ok(employeeIn('deleted')))
      await answerReread('deleted')
      break
    case 'restore.requested':
      await UI.clickButton('Bring back to work')
      expect((await gates.restore.next()).path).toBe(
        `/api/v1/settings/master/restore/${companyId}/${staffId}`,
      )
      break
    case 'xstate.done.actor.restoreEmployee':
      await gates.restore.answer(ok(employeeIn('active')))
      await answerReread('active')
      break
    case 'xstate.error.actor.restoreEmployee':
      await gates.restore.answer(fail(403, { message: 'Forbidden' }))
      break
    default:
      throw new Error(`No screen driver for ${event.type}`)
  }
  await expectScreenOf(step)
}

/** The question about a removal: what it touches, in words, and the owner's refusal when there was one. */
function expectQuestion(verb: 'Dismiss' | 'Delete', refused: boolean) {
  const form = formNamed(`${verb} ${name}`)
  expect(within(form).getByRole('heading', { name: `${verb} ${name}?` })).toBeTruthy()
  expect(within(form).getByText(`Clients can no longer book ${name} for: Haircut, Colouring.`)).toBeTruthy()
  expect(within(form).getByText('Their sign-in can also be removed from: Beauty Line — Arbat.')).toBeTruthy()
  const refusal = within(form).queryByText(/the owner cannot be removed from the salon/)
  expect(refusal !== null, 'the owner refusal in words').toBe(refused)
}

/** What each state of the machine looks like on the staff member's card. */
async function expectScreenOf(step: ModelStep) {
  await waitFor(() => expect(app!.history.location.pathname).toBe(cardPath))
  const refusedBefore = step.event.type.startsWith('xstate.error.actor.')
  switch (step.state) {
    case 'reading':
      await screen.findByRole('status', { name: 'Loading' })
      expect(screen.queryByRole('heading', { name, level: 1 })).toBeNull()
      return
    case 'unavailable':
      await screen.findByText('The staff member could not be loaded.')
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
      expect(screen.queryByRole('heading', { name, level: 1 })).toBeNull()
      return
    case 'active':
      await screen.findByText(`${name} is working at the salon.`)
      expect(within(lifecycleRegion()).getByRole('button', { name: 'Dismiss' })).toBeTruthy()
      expect(within(lifecycleRegion()).getByRole('button', { name: 'Delete' })).toBeTruthy()
      // A failed read of what a removal touches is said here, where the question would have been.
      expect(
        within(lifecycleRegion()).queryByText(/could not be read/) !== null,
        'the impact failure note',
      ).toBe(step.event.type === 'xstate.error.actor.readImpact')
      expect(screen.getByRole('heading', { name, level: 1 })).toBeTruthy()
      return
    case 'dismissal.readingImpact':
    case 'deletion.readingImpact':
      await screen.findByText('Checking what this touches…')
      return
    case 'dismissal.confirming':
      await waitFor(() => expectQuestion('Dismiss', refusedBefore))
      return
    case 'deletion.confirming':
      await waitFor(() => expectQuestion('Delete', refusedBefore))
      return
    case 'dismissal.submitting':
      await UI.expectBusy('Dismiss')
      return
    case 'deletion.submitting':
      await UI.expectBusy('Delete')
      return
    case 'dismissed':
      await screen.findByText(`${name} was dismissed on November 20, 2026.`)
      expect(screen.getByText(`Reason: ${dismissal.reason}`)).toBeTruthy()
      expect(within(lifecycleRegion()).getByRole('button', { name: 'Bring back to work' })).toBeTruthy()
      expect(within(lifecycleRegion()).getByRole('button', { name: 'Delete' })).toBeTruthy()
      expect(within(lifecycleRegion()).queryByRole('button', { name: 'Dismiss' })).toBeNull()
      expect(
        within(lifecycleRegion()).queryByText(/could not be read/) !== null,
        'the impact failure note',
      ).toBe(step.event.type === 'xstate.error.actor.readImpact')
      expect(
        within(lifecycleRegion()).queryByText(
          'The staff member could not be brought back. Please try again.',
        ) !== null,
      ).toBe(step.event.type === 'xstate.error.actor.restoreEmployee')
      return
    case 'deleted':
      await screen.findByText(`${name} is deleted. Past appointments still show their name.`)
      expect(within(lifecycleRegion()).getByRole('button', { name: 'Bring back to work' })).toBeTruthy()
      expect(within(lifecycleRegion()).queryByRole('button', { name: 'Delete' })).toBeNull()
      // A deleted member can only be brought back: no other change is offered.
      expect(screen.queryByRole('form', { name: 'Name' })).toBeNull()
      return
    case 'restoring':
      await waitFor(() =>
        expect(
          (within(lifecycleRegion()).getByRole('button', { name: 'Bring back to work' }) as HTMLButtonElement)
            .disabled,
        ).toBe(true),
      )
      return
    default:
      throw new Error(`No screen expectation for ${step.state}`)
  }
}

describe('employeeLifecycle screens, model-based', () => {
  const screens = createScreenReplay(machine, { input: modelOptions.input, history: () => app?.history })

  for (const path of model.paths) {
    it(path.description, async () => {
      api = createFakeApi([salonOne, salonTwo, salonFive])
      calls = {
        employee: createGate('get', `/staff/${staffId}`),
        salons: createGate('get', `/staff/${staffId}/available_remove_salons`),
        fire: createGate('post', '/settings/master/fire/'),
        remove: createGate('post', '/settings/master/delete/'),
        restore: createGate('post', `/settings/master/restore/${companyId}/${staffId}`),
      }
      held = employeeIn('active')
      toastStore.clear()
      server.use(
        ...Object.values(calls).map((gate) => gate.handler),
        // The services the member performs, which the card lists and the question names.
        http.get(`${apiBase}/staff/${staffId}/services`, () =>
          ok(
            impact.services.map((service) => ({
              id: service.id,
              service_id: service.id,
              title: service.title,
              seance_length: 3600,
              technological_card_id: null,
            })),
          ),
        ),
        http.get(`${apiBase}/company/${companyId}/positions`, () => ok([])),
        http.get(`${apiBase}/staff/${staffId}/notifications`, () =>
          ok({
            new_record: true,
            record_changed: true,
            record_canceled: true,
            by_sms: false,
            by_email: true,
            by_push: true,
          }),
        ),
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
