import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { HttpResponse } from 'msw'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setupItems, tickedItems, type SetupProgress } from '../../machines/setup-checklist'
import { writeCookie } from '../../src/api/cookies'
import { subscribeToInspector } from '../../src/app/inspection'
import { toastStore } from '../../src/ui/toast-store'
import { categoryReply, employeeReply, salonFive, serviceReply } from '../support/catalogue-replies'
import {
  assertFullCoverage,
  createMachineModel,
  type ModelPath,
  type ModelStep,
} from '../support/model-coverage'
import {
  anna,
  createFakeApi,
  createGate,
  ok,
  salonOne,
  salonTwo,
  type FakeApi,
  type Gate,
  workingHoursReply,
} from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies, UI } from '../support/ui-drivers'
import { createScreenReplay, leafKeyOf } from '../support/ui-model-replay'
import { writeWalkRecord } from '../support/walk-record-writer'
import { machine, modelOptions } from './setup-checklist.model'
import { endJourneyClock, useJourneyClock } from '../support/journey-clock'

// The same event cases as setup-checklist.machine.test.ts, so both levels walk the same generated paths.
const model = createMachineModel(machine, modelOptions)

const companyId = salonFive.id
const overviewPath = `/en/company/${companyId}`
/** A new staff member as the owner types it into the checklist's quick form. */
const newcomer = { name: 'Maria', specialization: 'Stylist' }

const server = useMswServer()

/**
 * The three lists the checklist counts and the opening hours it reads, each held until a step answers it, and
 * the quick staff form's call.
 */
interface ChecklistCalls {
  categories: Gate
  services: Gate
  staff: Gate
  hours: Gate
  quickStaff: Gate
}

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: ChecklistCalls | undefined
/** The progress the checklist last read, which it keeps showing while it reads again; null before the first. */
let shownProgress: SetupProgress | null = null

afterEach(async () => {
  endJourneyClock()
  await UI.dismissErrorModal()
  cleanup()
  toastStore.clear()
  app?.session.stop()
  // A read still held (a path that ends while the lists are asked again) must not be retried into the next test.
  await app?.queryClient.cancelQueries()
  app?.queryClient.clear()
  api?.release()
  for (const gate of Object.values(calls ?? {})) gate.release()
  clearAppCookies()
  setVisibility(undefined)
  app = api = calls = undefined
})

/** Shows or hides the tab as the browser does (undefined: jsdom's own value again). */
function setVisibility(state: DocumentVisibilityState | undefined) {
  if (state === undefined) {
    Reflect.deleteProperty(document, 'visibilityState')
    return
  }
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

/** Where the app's own checklist is at this moment: the inspector's last word on its running actor. */
function appChecklistState(): string | undefined {
  let state: string | undefined
  const stop = subscribeToInspector((heard) => {
    if (heard.machineId === machine.id && heard.status === 'active')
      state = leafKeyOf(machine.id, heard.activeStateIds)
  })
  stop()
  return state
}

const times = <T,>(count: number, make: (index: number) => T) =>
  Array.from({ length: count }, (_, index) => make(index))

/** The company's lists as the server sends them, with as many items as `progress` counts. */
function listsOf(progress: SetupProgress) {
  return {
    categories: times(progress.categories, (index) => categoryReply(10 + index, `Category ${index + 1}`)),
    services: times(progress.services, (index) =>
      serviceReply({ id: 20 + index, title: `Service ${index + 1}`, category_id: 10 }),
    ),
    staff: times(progress.staff, (index) => employeeReply(30 + index, `Master ${index + 1}`)),
    hours: workingHoursReply(progress.hoursSet),
  }
}

/** Waits until the checklist asks for each of the three lists and the opening hours again, for this company. */
async function expectListsAsked() {
  const { categories, services, staff, hours } = calls!
  expect((await categories.next()).path).toBe(`/api/v1/service_categories/${companyId}/`)
  expect((await services.next()).path).toBe(`/api/v1/services/${companyId}/`)
  expect((await staff.next()).path).toBe(`/api/v1/companies/${companyId}/staff`)
  expect((await hours.next()).path).toBe(`/api/v1/company/${companyId}/working_hours`)
}

/**
 * The staff list cannot be read: no reply arrives. The app asks twice more (1 s, then 2 s later, on the
 * test's clock) before the checklist gives up; the other two lists and the hours answer.
 */
async function failStaffList() {
  const { categories, services, staff, hours } = calls!
  await categories.answer(ok([]))
  await services.answer(ok([]))
  await hours.answer(ok(workingHoursReply(false)))
  await staff.answer(HttpResponse.error())
  for (const retryDelay of [1000, 2000]) {
    await act(() => vi.advanceTimersByTimeAsync(retryDelay))
    await staff.answer(HttpResponse.error())
  }
  expect(staff.count).toBe(3)
}

/** Acts out one model step on the screen, as the owner, the browser or the server would. */
async function playStep(step: ModelStep) {
  const { event } = step
  const gates = calls!
  switch (event.type) {
    case 'xstate.init':
      writeCookie('access_token', api!.issue('owner-token'))
      app = renderApp(overviewPath)
      await api!.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
      await expectListsAsked()
      break
    case 'xstate.done.actor.readProgress': {
      const { output } = event as unknown as { output: SetupProgress }
      const lists = listsOf(output)
      await gates.categories.answer(ok(lists.categories))
      await gates.services.answer(ok(lists.services))
      await gates.staff.answer(ok(lists.staff))
      await gates.hours.answer(ok(lists.hours))
      shownProgress = output
      break
    }
    case 'xstate.error.actor.readProgress':
      await failStaffList()
      break
    case 'retry':
      await UI.clickButton('Try again')
      await expectListsAsked()
      break
    case 'data.changed': {
      const { via } = event as unknown as { via: 'tabShown' | 'staffAdded' }
      const asked = gates.categories.count
      if (via === 'tabShown') {
        // The owner leaves the tab, which changes nothing, and comes back: the lists are read again (work done
        // elsewhere counts).
        setVisibility('hidden')
        expect(appChecklistState()).toBe('open')
        setVisibility('visible')
      } else {
        await UI.fillField('Name', newcomer.name)
        await UI.fillField('Speciality', newcomer.specialization)
        await UI.submitWith('Add')
        const request = await gates.quickStaff.next()
        expect(request.body).toEqual({ company_id: companyId, ...newcomer, position_id: null })
        await gates.quickStaff.answer(ok(employeeReply(31, newcomer.name, newcomer.specialization)))
      }
      await expectListsAsked()
      expect(gates.categories.count).toBe(asked + 1)
      break
    }
    default:
      throw new Error(`No screen driver for ${event.type}`)
  }
  await expectScreenOf(step)
}

const checklistHeading = () => screen.queryByRole('heading', { name: 'Get your salon ready' })
const unavailableText = 'The setup checklist could not be loaded.'

/** The label of each item's line, as the checklist names it. */
const itemLabels = {
  category: 'Create the first service category',
  services: 'Add the services you offer',
  staff: 'Add the first staff member',
  hours: "Set the salon's opening hours",
}

/** The checklist as it shows `progress`: how many of four are done, each item ticked or to do. */
function expectChecklistOf(progress: SetupProgress) {
  expect(checklistHeading()).toBeTruthy()
  const ticked = tickedItems(progress)
  const done = setupItems.filter((item) => ticked[item]).length
  expect(screen.getByText(`${done} of ${setupItems.length} done`)).toBeTruthy()
  for (const item of setupItems) {
    const line = screen.getByText(itemLabels[item]).closest('li')!
    expect(line.textContent, item).toContain(ticked[item] ? '(done)' : '(to do)')
  }
  // The items lead where the work is done; a first staff member is added right here.
  expect(screen.getByRole('link', { name: itemLabels.category }).getAttribute('href')).toBe(
    `/en/company/${companyId}/categories`,
  )
  expect(screen.getByRole('link', { name: itemLabels.services }).getAttribute('href')).toBe(
    `/en/company/${companyId}/services/new`,
  )
  expect(screen.getByRole('link', { name: itemLabels.hours }).getAttribute('href')).toBe(
    `/en/company/${companyId}/working-hours`,
  )
  expect(screen.queryByRole('form', { name: 'Add a staff member' }) !== null).toBe(!ticked.staff)
}

/** What each state of the checklist looks like on the company's overview. */
async function expectScreenOf(step: ModelStep) {
  const { history } = app!
  await waitFor(() => expect(history.location.pathname).toBe(overviewPath))
  await screen.findByRole('heading', { name: salonFive.title, level: 1 })
  switch (step.state) {
    case 'reading':
      if (shownProgress) {
        // Reading again keeps what the owner sees: no spinner in place of the list while it is asked anew.
        expectChecklistOf(shownProgress)
        expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull()
      } else {
        await screen.findByRole('status', { name: 'Loading' })
        expect(checklistHeading()).toBeNull()
      }
      expect(screen.queryByText(unavailableText)).toBeNull()
      return
    case 'open':
      await waitFor(() => expect(checklistHeading()).toBeTruthy())
      expectChecklistOf(shownProgress!)
      expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull()
      return
    case 'unavailable':
      await screen.findByText(unavailableText)
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
      expect(checklistHeading()).toBeNull()
      return
    case 'done':
      // Everything is set up: the overview shows no checklist, and nothing waits for one.
      await waitFor(() => expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull())
      expect(checklistHeading()).toBeNull()
      expect(screen.queryByText(/of \d done$/)).toBeNull()
      expect(screen.queryByText(unavailableText)).toBeNull()
      return
    default:
      throw new Error(`No screen expectation for ${step.state}`)
  }
}

const usesTheClock = (path: ModelPath) =>
  path.steps.some((step) => step.event.type === 'xstate.error.actor.readProgress')

describe('setupChecklist screens, model-based', () => {
  const screens = createScreenReplay(machine, { input: modelOptions.input, history: () => app?.history })

  for (const path of model.paths) {
    it(path.description, async () => {
      api = createFakeApi([salonOne, salonTwo, salonFive])
      calls = {
        categories: createGate('get', `/service_categories/${companyId}/`),
        services: createGate('get', `/services/${companyId}/`),
        staff: createGate('get', `/companies/${companyId}/staff`),
        hours: createGate('get', `/company/${companyId}/working_hours`),
        quickStaff: createGate('post', '/staff/quick'),
      }
      shownProgress = null
      toastStore.clear()
      server.use(...Object.values(calls).map((gate) => gate.handler), ...api.handlers)
      // The app's retries of a list that cannot be read wait on a clock the test moves.
      if (usesTheClock(path)) useJourneyClock()
      await screens.replay(path, playStep)
    })
  }

  it('covers every state and transition', () => {
    writeWalkRecord('screen', import.meta.filename, screens.walked)
    assertFullCoverage(machine, screens.walked)
  })
})
