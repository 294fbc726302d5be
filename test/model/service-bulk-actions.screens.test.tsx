import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { AnyEventObject } from 'xstate'
import type { BulkAction, BulkOutcome } from '../../machines/service-bulk-actions'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import { categoryReply, salonFive, serviceReply, type PlainServiceReply } from '../support/catalogue-replies'
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
import { machine, modelOptions } from './service-bulk-actions.model'

// The same event cases as service-bulk-actions.machine.test.ts, so both levels walk the same generated paths.
const model = createMachineModel(machine, modelOptions)

/**
 * The one transition no screen can take, with the reason; the paths that take it are left out and the
 * coverage assertion below excuses exactly this key (and fails if it is ever walked, or leaves the machine).
 */
const unreachableEvent = 'xstate.error.actor.applyBulkAction'
const unreachable: Record<string, string> = {
  [`${machine.id}.applying|${unreachableEvent}|0`]:
    'The app applies the action service by service, catches each call’s failure into its outcome ' +
    '(failed ids, first failure) and then only refreshes the lists, which never rejects; so the app’s ' +
    'applyBulkAction never rejects and no reply or click can make it. The machine-level suite walks it.',
}
const screenPaths = model.paths.filter((path) =>
  path.steps.every((step) => step.event.type !== unreachableEvent),
)

const companyId = salonFive.id
const listPath = `/en/company/${companyId}/services`
const hair = categoryReply(2, 'Hair')
/** The category the model's move goes to (categoryId 3); empty at first, so it is only in "Move to". */
const colouring = categoryReply(3, 'Colouring')
const categories = [hair, colouring]
/** The two services the model ticks (11 and 12), as the server holds them before any action. */
const initialServices = [
  serviceReply({ id: 11, title: 'Cut', category_id: hair.id }),
  serviceReply({ id: 12, title: 'Colour', category_id: hair.id }),
]
const titleOf = (id: number) => initialServices.find((service) => service.id === id)!.title

const server = useMswServer()

/** The calls of the bulk actions, each held until a step answers it. */
interface BulkCalls {
  update: Gate
  remove: Gate
}

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: BulkCalls | undefined
/** The services of Salon Five as the fake server holds them now. */
let catalogue: PlainServiceReply[] = []
/** What the owner has ticked, in the order the app's list holds it (the order it applies an action in). */
let ticked: number[] = []
/** The services the last action could not change, named on the screen until the selection changes. */
let notChanged: number[] = []
/** The action in the question, or being applied. */
let chosen: BulkAction | null = null
/** How many service calls the server has seen so far in this path (PUT and DELETE together). */
let callsSeen = 0
/** What the last applied action did, for the screen after it: how many changed and which were refused. */
let applied: { changed: number; refused: number[] } | null = null

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

const user = () => userEvent.setup()
const tickBox = (id: number) =>
  screen.getByRole('checkbox', { name: `Tick ${titleOf(id)}` }) as HTMLInputElement
const tickAllBox = () => screen.getByLabelText('Tick all shown') as HTMLInputElement
const bulkBar = () => screen.queryByRole('region', { name: 'Actions on the ticked services' })
const sameSet = (a: number[], b: number[]) => [...a].sort().join() === [...b].sort().join()
const toaster = () => document.querySelector('.toaster') as HTMLElement
const shownIds = () => catalogue.map((service) => service.id)

/** Ticks or unticks one row as the owner does; answers the selection the screen sends for it. */
async function clickRow(id: number): Promise<AnyEventObject> {
  const on = !ticked.includes(id)
  await user().click(tickBox(id))
  ticked = on ? [...ticked, id] : ticked.filter((other) => other !== id)
  return { type: 'selection.changed', ids: ticked }
}

/**
 * Makes the ticked services those of the model's event, with the controls an owner would use: "Tick all
 * shown" from nothing, "Untick all" to clear, single rows otherwise. Where one click cannot send the event (the
 * same selection again, or none from none), the clicks before the last are reported as sent on the way.
 */
async function tickExactly(target: number[]): Promise<AnyEventObject[]> {
  const onTheWay: AnyEventObject[] = []
  if (target.length === 0) {
    // "Untick all" shows only while something is ticked.
    if (ticked.length === 0) onTheWay.push(await clickRow(shownIds()[0]!))
    await UI.clickButton('Untick all')
    ticked = []
    return onTheWay
  }
  if (ticked.length === 0 && sameSet(target, shownIds())) {
    await user().click(tickAllBox())
    ticked = [...shownIds()]
    return onTheWay
  }
  const rows = [
    ...ticked.filter((id) => !target.includes(id)),
    ...target.filter((id) => !ticked.includes(id)),
  ]
  // The same selection again: the owner unticks one and ticks it again.
  if (rows.length === 0) rows.push(target.at(-1)!, target.at(-1)!)
  const sent: AnyEventObject[] = []
  for (const id of rows) sent.push(await clickRow(id))
  expect(sameSet(ticked, target)).toBe(true)
  return sent.slice(0, -1)
}

/** What the server keeps of `service` after `action` was applied to it; null once deleted. */
function afterAction(service: PlainServiceReply, action: BulkAction): PlainServiceReply | null {
  switch (action.kind) {
    case 'delete':
      return null
    case 'move':
      return { ...service, category_id: action.categoryId }
    default:
      return { ...service, active: action.kind === 'activate' ? 1 : 0 }
  }
}

/** The call the action makes for one service: the PUT with the change, or the DELETE. */
const gateFor = (action: BulkAction) => (action.kind === 'delete' ? calls!.remove : calls!.update)
const bodyFor = (action: BulkAction) =>
  action.kind === 'delete'
    ? null
    : action.kind === 'move'
      ? { category_id: action.categoryId }
      : { active: action.kind === 'activate' ? 1 : 0 }

/** Checks the next call on the wire: one service of the ticked ones, the action's method and body. */
async function expectCallFor(id: number) {
  const action = chosen!
  const request = await gateFor(action).next()
  expect(request.authorization).toBe('Bearer owner-token')
  expect(request.path).toBe(`/api/v1/services/${companyId}/${id}`)
  expect(request.body).toEqual(bodyFor(action))
  // The other method is not used for this action.
  expect((action.kind === 'delete' ? calls!.update : calls!.remove).count).toBe(0)
  return request
}

/** Closes the toasts still shown from an earlier action, as the owner would, so the next ones stand alone. */
async function closeToasts() {
  for (const close of within(toaster()).queryAllByRole('button', { name: 'Close' })) await user().click(close)
  await waitFor(() => expect(within(toaster()).queryAllByRole('button')).toEqual([]))
}

/** Acts out one model step on the screen, as the owner or the server would. */
async function playStep(step: ModelStep) {
  const { event } = step
  let alsoSent: AnyEventObject[] = []
  switch (event.type) {
    case 'xstate.init':
      writeCookie('access_token', api!.issue('owner-token'))
      app = renderApp(listPath)
      await api!.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
      break
    case 'selection.changed': {
      const { ids } = event as unknown as { ids: number[] }
      alsoSent = await tickExactly(ids)
      notChanged = []
      break
    }
    case 'action.chosen': {
      const { action } = event as unknown as { action: BulkAction }
      const bar = bulkBar()!
      if (action.kind === 'move') {
        const move = within(bar).getByRole('button', { name: 'Move' }) as HTMLButtonElement
        // No category is chosen yet: nothing to move to.
        expect(move.disabled).toBe(true)
        const target = categories.find((category) => category.id === action.categoryId)!
        await user().selectOptions(within(bar).getByLabelText('Move to'), target.title)
        await user().click(move)
      } else {
        const name = { activate: 'Activate', deactivate: 'Deactivate', delete: 'Delete' }[action.kind]
        await user().click(within(bar).getByRole('button', { name }))
      }
      chosen = action
      break
    }
    case 'cancelled':
      await user().click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }))
      chosen = null
      break
    case 'confirmed':
      await closeToasts()
      await user().click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, do it' }))
      // The first ticked service is asked about; the others wait for its answer (one service at a time).
      await expectCallFor(ticked[0]!)
      break
    case 'xstate.done.actor.applyBulkAction': {
      const { output } = event as unknown as { output: BulkOutcome }
      const action = chosen!
      // The model's outcome on the wire: each ticked service it names as failed is refused, the others change.
      const refused = ticked.filter((id) => output.failed.includes(id))
      expect(refused.length > 0).toBe(output.failed.length > 0)
      for (const id of ticked) {
        await expectCallFor(id)
        if (refused.includes(id)) {
          const { status, message } = output.failure as { status: number; message: string }
          await gateFor(action).answer(fail(status, { message }))
          continue
        }
        const service = catalogue.find((item) => item.id === id)!
        const kept = afterAction(service, action)
        catalogue = catalogue.flatMap((item) => (item.id !== id ? [item] : kept ? [kept] : []))
        await gateFor(action).answer(ok(kept))
      }
      callsSeen += ticked.length
      applied = { changed: ticked.length - refused.length, refused }
      ticked = refused
      notChanged = refused
      chosen = null
      break
    }
    default:
      throw new Error(`No screen driver for ${event.type}`)
  }
  await expectScreenOf(step)
  return { alsoSent }
}

/** The list as the server holds it: each service under its category, marked inactive when it is. */
async function expectListOfServer() {
  await waitFor(() => {
    for (const { id, title } of initialServices) {
      const service = catalogue.find((item) => item.id === id)
      const link = screen.queryByRole('link', { name: title })
      if (!service) {
        expect(link, `${title} is deleted`).toBeNull()
        continue
      }
      const category = categories.find((item) => item.id === service.category_id)!
      const row = within(screen.getByRole('region', { name: category.title }))
        .getByRole('link', { name: title })
        .closest('li')!
      expect(within(row).queryByText('inactive') !== null, `${title} inactive`).toBe(service.active === 0)
    }
  })
}

/** The ticks as the owner set them; `usable`: whether they can be changed now. */
function expectTicks(usable: boolean) {
  for (const { id } of catalogue) {
    expect(tickBox(id).checked, `${titleOf(id)} ticked`).toBe(ticked.includes(id))
    expect(tickBox(id).disabled).toBe(!usable)
  }
  expect(tickAllBox().checked).toBe(shownIds().every((id) => ticked.includes(id)))
  expect(tickAllBox().disabled).toBe(!usable)
}

const questionOf = (action: BulkAction) => {
  switch (action.kind) {
    case 'activate':
      return 'Activate these services?'
    case 'deactivate':
      return 'Deactivate these services?'
    case 'move':
      return `Move these services to "${categories.find((item) => item.id === action.categoryId)!.title}"?`
    case 'delete':
      return 'Delete these services?'
  }
}

/** What each state of the bulk actions looks like on the service list. */
async function expectScreenOf(step: ModelStep) {
  const { history } = app!
  await waitFor(() => expect(history.location.pathname).toBe(listPath))
  await screen.findByRole('heading', { name: 'Services', level: 1 })
  await screen.findByRole('link', { name: 'Cut' })
  const serviceCalls = () => calls!.update.count + calls!.remove.count
  switch (step.state) {
    case 'selecting': {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
      if (step.event.type === 'xstate.done.actor.applyBulkAction') {
        const { changed, refused } = applied!
        // What changed is counted; what was refused is said, and the lists are read again.
        // Both toasts come together, once the action is done.
        await waitFor(() => {
          expect(within(toaster()).queryByText(`Services changed: ${changed}.`) !== null).toBe(changed > 0)
          expect(
            within(toaster()).queryByText('Some services were not changed; they are still ticked.') !== null,
          ).toBe(refused.length > 0)
        })
        await expectListOfServer()
      }
      // Only the refused services stay ticked after an action; a new selection forgets what was refused.
      await waitFor(() => expectTicks(true))
      const bar = bulkBar()
      expect(bar !== null).toBe(ticked.length > 0 || notChanged.length > 0)
      if (bar) {
        const count = ticked.length === 1 ? '1 service ticked' : `${ticked.length} services ticked`
        expect(within(bar).getByText(count)).toBeTruthy()
        const alert = within(bar).queryByRole('alert')
        expect(alert?.textContent ?? null).toBe(
          notChanged.length > 0 ? `Not changed: ${notChanged.map(titleOf).join(', ')}.` : null,
        )
        expect(within(bar).queryByRole('button', { name: 'Untick all' }) !== null).toBe(ticked.length > 0)
      }
      // Choosing, cancelling and ticking ask nothing of the server.
      expect(serviceCalls()).toBe(callsSeen)
      return
    }
    case 'confirming': {
      const question = questionOf(chosen!)
      const dialog = await screen.findByRole('alertdialog', { name: question })
      expect(within(dialog).getByRole('heading', { name: question })).toBeTruthy()
      // The question names exactly the ticked services.
      expect(
        within(dialog)
          .getAllByRole('listitem')
          .map((item) => item.textContent)
          .sort(),
      ).toEqual(ticked.map(titleOf).sort())
      for (const name of ['Yes, do it', 'Cancel'])
        expect((within(dialog).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false)
      // The question stands in place of the actions; the ticks wait for the answer.
      expect(bulkBar()).toBeNull()
      expectTicks(false)
      expect(serviceCalls()).toBe(callsSeen)
      return
    }
    case 'applying': {
      const dialog = screen.getByRole('alertdialog', { name: questionOf(chosen!) })
      const yes = within(dialog).getByRole('button', { name: 'Yes, do it' }) as HTMLButtonElement
      await waitFor(() => expect(yes.getAttribute('aria-busy')).toBe('true'))
      expect(yes.disabled).toBe(true)
      expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(
        true,
      )
      expectTicks(false)
      // One service at a time: only the first call is out while it is unanswered.
      expect(serviceCalls()).toBe(callsSeen + 1)
      return
    }
    default:
      throw new Error(`No screen expectation for ${step.state}`)
  }
}

describe('serviceBulkActions screens, model-based', () => {
  const screens = createScreenReplay(machine, { input: modelOptions.input, history: () => app?.history })

  for (const path of screenPaths) {
    it(path.description, async () => {
      api = createFakeApi([salonOne, salonTwo, salonFive])
      calls = {
        update: createGate('put', `/services/${companyId}/:serviceId`),
        remove: createGate('delete', `/services/${companyId}/:serviceId`),
      }
      catalogue = [...initialServices]
      ticked = []
      notChanged = []
      chosen = null
      callsSeen = 0
      applied = null
      toastStore.clear()
      server.use(
        http.get(`${apiBase}/service_categories/${companyId}/`, () => ok(categories)),
        http.get(`${apiBase}/services/${companyId}/`, () => ok(catalogue)),
        calls.update.handler,
        calls.remove.handler,
        ...api.handlers,
      )
      await screens.replay(path, playStep)
    })
  }

  it('covers every state and transition but the one no screen can take', () => {
    const excused = Object.keys(unreachable)
    // The excuse names a transition of the machine that this suite really did not take.
    for (const key of excused) {
      const [source, eventType, index] = key.split('|') as [string, string, string]
      expect(machine.getStateNodeById(source).transitions.get(eventType)?.[Number(index)], key).toBeTruthy()
      expect(screens.walked.transitionKeys.has(key), key).toBe(false)
    }
    expect(model.paths.length - screenPaths.length).toBeGreaterThan(0)
    writeWalkRecord('screen', import.meta.filename, { ...screens.walked, unreachable })
    assertFullCoverage(machine, {
      ...screens.walked,
      transitionKeys: new Set([...screens.walked.transitionKeys, ...excused]),
    })
  })
})
