import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { ServiceDraft } from '../../machines/service-editor'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import {
  categoryReply,
  employeeReply,
  salonFive,
  serviceReply,
  type PlainServiceReply,
} from '../support/catalogue-replies'
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
import { draft, machine, modelOptions, newServiceModelOptions } from './service-editor.model'

// The same event cases as service-editor.machine.test.ts, so both levels walk the same generated paths.
const existing = createMachineModel(machine, modelOptions)
const fresh = createMachineModel(machine, newServiceModelOptions)

const companyId = salonFive.id
const hair = categoryReply(draft.category_id, 'Hair')
/** The service of the existing-service model (id 41) as the server holds it before the owner edits it. */
const haircut = serviceReply({
  id: 41,
  title: 'Haircut',
  category_id: hair.id,
  duration: 45 * 60,
  price_min: 2000,
  price_max: 2000,
  is_online: false,
})

/** The staff of Salon Five: the draft has Maria perform the service. */
const team = [employeeReply(31, 'Maria Ivanova'), employeeReply(32, 'Olga Petrova')]

const editorPath = (serviceKey: string) => `/en/company/${companyId}/services/${serviceKey}`
const listPath = `/en/company/${companyId}/services`

const server = useMswServer()

/** The service calls a model step decides, each held until the step answers it. */
interface EditorCalls {
  create: Gate
  update: Gate
  remove: Gate
  /** GET of the one service when the owner loads someone else's version. */
  reload: Gate
}

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: EditorCalls | undefined
/** The services of Salon Five as the fake server holds them now. */
let catalogue: PlainServiceReply[] = []
/** The service the path edits (null for a new one), and how many history entries the editor's page left. */
let editing: PlainServiceReply | null = null
let entriesAtEditor = 0
/** Whether the owner has typed the model's draft into the form yet: the form keeps it from then on. */
let draftTyped = false
/** The version the next save names (null after "save mine over theirs"): the one the form was filled from. */
let formVersion: number | null = null
/** What someone else saved in another tab when the server answers 409. */
const theirComment = 'Changed in another tab'

afterEach(async () => {
  await UI.dismissErrorModal()
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  for (const gate of Object.values(calls ?? {})) gate.release()
  clearAppCookies()
  app = api = calls = undefined
})

/** Salon Five's catalogue on the wire: one category, the services of `catalogue`, the service calls as gates. */
function catalogueHandlers(gates: EditorCalls) {
  return [
    http.get(`${apiBase}/service_categories/${companyId}/`, () => ok([hair])),
    http.get(`${apiBase}/services/${companyId}/`, () => ok(catalogue)),
    http.get(`${apiBase}/companies/${companyId}/staff`, () => ok(team)),
    http.get(`${apiBase}/services/${companyId}/:serviceId`, ({ params }) => {
      const found = catalogue.find((service) => service.id === Number(params.serviceId))
      return found ? ok(found) : fail(404, { message: 'Not found' })
    }),
    ...Object.values(gates).map((gate) => gate.handler),
  ]
}

/** What a refusal of the model becomes on the wire. */
function replyOf(error: unknown): Response {
  const { status, message, fieldErrors } = error as {
    status: number
    message?: string
    fieldErrors?: Record<string, string[]>
  }
  if (status === 0) return HttpResponse.error()
  return fail(status, { ...(message ? { message } : {}), ...(fieldErrors ? { errors: fieldErrors } : {}) })
}

const user = () => userEvent.setup()
const submitName = () => (editing ? 'Save changes' : 'Create the service')
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement

/** Types the draft into the form as the owner would, changing only what the form does not hold yet. */
async function fillDraft(typed: ServiceDraft) {
  await UI.fillField('Title', typed.title)
  await UI.fillField(
    'Title in English',
    typed.translations?.find((translation) => translation.language_id === 2)?.translation ?? '',
  )
  const category = screen.getByLabelText('Category') as HTMLSelectElement
  if (category.value !== String(typed.category_id))
    await user().selectOptions(category, String(typed.category_id))
  await UI.fillField('Hours', String(Math.floor(typed.duration / 3600)))
  await UI.fillField('Minutes', String((typed.duration % 3600) / 60))
  await UI.fillField('From', String(typed.price_min))
  await UI.fillField(
    'Up to (leave empty for one price)',
    typed.price_max === typed.price_min ? '' : String(typed.price_max),
  )
  await UI.fillField(
    'Technical break after the service, minutes',
    String(typed.technical_break_duration / 60),
  )
  const online = field('Clients can book it online')
  if (online.checked !== typed.is_online) await user().click(online)
  const active = field('Active: offered to clients and in the appointment book')
  if (active.checked !== (typed.active === 1)) await user().click(active)
  await UI.fillField('Comment', typed.comment)
  for (const member of typed.staff ?? []) {
    const name = team.find((employee) => employee.id === member.id)!.name
    const performs = field(name)
    if (!performs.checked) await user().click(performs)
    const own = member.seance_length ?? 0
    await UI.fillField(`${name}, Own hours`, member.seance_length ? String(Math.floor(own / 3600)) : '')
    await UI.fillField(`${name}, Own minutes`, member.seance_length ? String((own % 3600) / 60) : '')
    await UI.fillField(`${name}, Own price`, member.price == null ? '' : String(member.price))
  }
}

/** The service the server keeps after a save of `typed`. */
const savedService = (id: number, typed: ServiceDraft) =>
  serviceReply({
    ...(editing ?? {}),
    ...typed,
    id,
    category: { id: hair.id, title: hair.title },
    staff: (typed.staff ?? []).map((member) => ({
      id: member.id,
      seance_length: member.seance_length ?? typed.duration,
      technological_card_id: member.technological_card_id,
      image_url: '',
      name: team.find((employee) => employee.id === member.id)!.name,
      price: member.price ?? typed.price_min,
    })),
  })

/** Acts out one model step on the screen, as the owner or the server would. */
async function playStep(step: ModelStep) {
  const { event } = step
  const gates = calls!
  switch (event.type) {
    case 'xstate.init': {
      writeCookie('access_token', api!.issue('owner-token'))
      app = renderApp(editorPath(editing ? String(editing.id) : 'new'))
      await api!.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
      break
    }
    case 'save': {
      const typed = (event as unknown as { draft: ServiceDraft }).draft
      await fillDraft(typed)
      draftTyped = true
      await UI.submitWith(submitName())
      // The draft goes to the server as typed, by the signed-in owner: an update of this service, or a new
      // plain service of the company.
      const request = await (editing ? gates.update : gates.create).next()
      expect(request.authorization).toBe('Bearer owner-token')
      if (editing) {
        // An update names the version the form was filled from, so that a newer save is not overwritten.
        expect(request.path).toBe(`/api/v1/services/${companyId}/${editing.id}`)
        expect(request.body).toEqual(
          formVersion === null ? typed : { ...typed, expected_version: formVersion },
        )
      } else {
        expect(request.path).toBe(`/api/v1/services/${companyId}/`)
        expect(request.body).toEqual({ ...typed, is_composite: false })
      }
      break
    }
    case 'xstate.done.actor.saveService': {
      const { output } = event as unknown as { output: number }
      const saved = savedService(output, draft)
      catalogue = [...catalogue.filter((service) => service.id !== output), saved]
      await (editing ? gates.update : gates.create).answer(ok(saved, { status: editing ? 200 : 201 }))
      break
    }
    case 'xstate.error.actor.saveService': {
      const { error } = event as unknown as { error: { status: number } }
      if (error.status === 409) {
        // Someone saved the service in another tab meanwhile: the server holds their newer version.
        catalogue = catalogue.map((service) =>
          service.id === editing!.id
            ? { ...service, comment: theirComment, version: (service.version ?? 1) + 1 }
            : service,
        )
      }
      await (editing ? gates.update : gates.create).answer(replyOf(error))
      break
    }
    case 'conflict.overwrite': {
      await UI.clickButton('Save mine over theirs')
      // The same draft again, knowingly over their change: it names no version.
      const request = await gates.update.next()
      expect(request.body).toEqual(draft)
      formVersion = null
      break
    }
    case 'conflict.reload': {
      // Their version is read through a gate, so the screen can be seen while it loads; only this read.
      gates.reload = createGate('get', `/services/${companyId}/:serviceId`, { once: true })
      server.use(gates.reload.handler)
      await UI.clickButton('Load their version')
      await gates.reload.next()
      break
    }
    case 'xstate.done.actor.reloadService': {
      const theirs = catalogue.find((service) => service.id === editing!.id)!
      await gates.reload.answer(ok(theirs))
      formVersion = theirs.version ?? null
      // The form is filled from their version: what the owner typed is dropped.
      draftTyped = false
      break
    }
    case 'xstate.error.actor.reloadService':
      await gates.reload.answer(replyOf((event as unknown as { error: unknown }).error))
      break
    case 'delete.requested':
      await UI.clickButton('Delete the service')
      break
    case 'delete.confirmed': {
      await user().click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
      const request = await gates.remove.next()
      expect(request.path).toBe(`/api/v1/services/${companyId}/${editing!.id}`)
      break
    }
    case 'delete.cancelled':
      await user().click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }))
      break
    case 'xstate.done.actor.deleteService':
      catalogue = catalogue.filter((service) => service.id !== editing!.id)
      await gates.remove.answer(ok(null))
      break
    case 'xstate.error.actor.deleteService':
      await gates.remove.answer(replyOf((event as unknown as { error: unknown }).error))
      break
    default:
      throw new Error(`No screen driver for ${event.type}`)
  }
  await expectScreenOf(step)
}

/** The form's own card (the toasts live elsewhere on the page). */
const editorCard = () => screen.getByRole('region', { name: editing ? editing.title : 'New service' })
const formAlert = () => within(editorCard()).queryByRole('alert')

const failureTexts: Record<number, string> = {
  0: 'No connection to the server. Check the connection and try again.',
  403: 'Your rights in this company do not allow this change.',
  422: 'Some fields were not accepted. Check the marked fields.',
}

/** What each state of the editor looks like, on the URL its state names. */
async function expectScreenOf(step: ModelStep) {
  const { history } = app!
  const { event } = step
  const failure = (event as { error?: { status: number } }).error
  switch (step.state) {
    case 'editing': {
      await waitFor(() =>
        expect(history.location.pathname).toBe(editorPath(editing ? String(editing.id) : 'new')),
      )
      await screen.findByRole('heading', { name: editing ? editing.title : 'New service', level: 1 })
      expect(document.title).toBe(editing ? 'Service · Salon' : 'New service · Salon')
      if (event.type === 'xstate.init') {
        // The form holds the service as it is saved, or a new one in the company's first category.
        expect(field('Title').value).toBe(editing ? editing.title : '')
        expect((screen.getByLabelText('Category') as HTMLSelectElement).value).toBe(String(hair.id))
        entriesAtEditor = history.length
      } else expect(field('Title').value).toBe(draftTyped ? draft.title : editing!.title)
      if (event.type === 'xstate.done.actor.reloadService')
        await waitFor(() => expect(field('Comment').value).toBe(theirComment))
      expect(field('Title').matches(':disabled')).toBe(false)
      await screen.findByRole('button', { name: new RegExp(`${submitName()}$`) })
      expect(screen.queryByRole('alertdialog')).toBeNull()
      // Only a saved service can be deleted.
      expect(screen.queryByRole('button', { name: 'Delete the service' }) !== null).toBe(editing !== null)
      if (event.type === 'xstate.error.actor.saveService') {
        await waitFor(() => expect(formAlert()?.textContent).toBe(failureTexts[failure!.status]))
        // A refused field is marked beside itself; a refusal of the whole change marks none.
        const refusedTitle = failure!.status === 422
        expect(field('Title').getAttribute('aria-invalid')).toBe(refusedTitle ? 'true' : null)
        expect(screen.queryByText('The server did not accept this value.') !== null).toBe(refusedTitle)
      } else {
        expect(formAlert()).toBeNull()
        expect(field('Title').getAttribute('aria-invalid')).toBeNull()
      }
      return
    }
    case 'saving':
      await UI.expectBusy(submitName())
      // The form cannot be changed while it is being sent.
      expect(field('Title').matches(':disabled')).toBe(true)
      // The refusal of an earlier try is gone while the server decides.
      expect(formAlert()).toBeNull()
      return
    case 'confirmingDelete': {
      const dialog = await screen.findByRole('alertdialog', { name: `Delete "${editing!.title}"?` })
      expect(within(dialog).getByRole('heading', { name: `Delete "${editing!.title}"?` })).toBeTruthy()
      expect((within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(
        false,
      )
      expect(screen.queryByRole('button', { name: 'Delete the service' })).toBeNull()
      // A refused delete says why inside the question; an earlier refused save is no longer shown.
      if (event.type === 'xstate.error.actor.deleteService')
        await waitFor(() =>
          expect(within(dialog).queryByRole('alert')?.textContent).toBe(failureTexts[failure!.status]),
        )
      else expect(within(dialog).queryByRole('alert')).toBeNull()
      expect(formAlert()).toBe(within(dialog).queryByRole('alert'))
      expect(history.location.pathname).toBe(editorPath(String(editing!.id)))
      return
    }
    case 'conflict': {
      const panel = await screen.findByRole('alert', {
        name: 'Someone saved changes to this service after you opened it',
      })
      expect(history.location.pathname).toBe(editorPath(String(editing!.id)))
      // Whose version stays is the only choice left: the form cannot be changed or sent meanwhile.
      expect(field('Title').matches(':disabled')).toBe(true)
      expect(screen.queryByRole('button', { name: submitName() })).toBeNull()
      for (const name of ['Load their version', 'Save mine over theirs'])
        expect((within(panel).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(false)
      const reloadFailed = event.type === 'xstate.error.actor.reloadService'
      expect(within(panel).queryByText('Their version could not be loaded. Please try again.') !== null).toBe(
        reloadFailed,
      )
      return
    }
    case 'reloading': {
      const panel = screen.getByRole('alert', {
        name: 'Someone saved changes to this service after you opened it',
      })
      const load = within(panel).getByRole('button', { name: 'Load their version' })
      await waitFor(() => expect(load.getAttribute('aria-busy')).toBe('true'))
      expect(
        (within(panel).getByRole('button', { name: 'Save mine over theirs' }) as HTMLButtonElement).disabled,
      ).toBe(true)
      return
    }
    case 'deleting': {
      const dialog = screen.getByRole('alertdialog')
      const remove = within(dialog).getByRole('button', { name: 'Delete' }) as HTMLButtonElement
      await waitFor(() => expect(remove.getAttribute('aria-busy')).toBe('true'))
      expect(remove.disabled).toBe(true)
      expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(
        true,
      )
      expect(within(dialog).queryByRole('alert')).toBeNull()
      return
    }
    case 'saved':
    case 'deleted': {
      // The list of services, in place of the editor's entry: Back does not reopen a form already sent.
      await waitFor(() => expect(history.location.pathname).toBe(listPath))
      await screen.findByRole('heading', { name: 'Services', level: 1 })
      expect(history.length).toBe(entriesAtEditor)
      if (step.state === 'saved') {
        await screen.findByText(`Service "${draft.title}" saved.`)
        expect(screen.getByRole('link', { name: draft.title })).toBeTruthy()
      } else {
        await screen.findByText('The service was deleted.')
        expect(screen.queryByRole('link', { name: editing!.title })).toBeNull()
        expect(
          screen.getByText(
            'There are no services yet. Start with a category, then add the services you offer in it.',
          ),
        ).toBeTruthy()
      }
      return
    }
    default:
      throw new Error(`No screen expectation for ${step.state}`)
  }
}

describe('serviceEditor screens, model-based', () => {
  const existingScreens = createScreenReplay(machine, {
    input: modelOptions.input,
    history: () => app?.history,
  })
  const freshScreens = createScreenReplay(machine, {
    input: newServiceModelOptions.input,
    history: () => app?.history,
  })

  const replayOn = (
    screens: ReturnType<typeof createScreenReplay>,
    path: ModelPath,
    service: PlainServiceReply | null,
  ) => {
    api = createFakeApi([salonOne, salonTwo, salonFive])
    calls = {
      create: createGate('post', `/services/${companyId}/`),
      update: createGate('put', `/services/${companyId}/:serviceId`),
      remove: createGate('delete', `/services/${companyId}/:serviceId`),
      reload: createGate('get', `/services/${companyId}/:serviceId`),
    }
    editing = service
    draftTyped = false
    formVersion = service?.version ?? null
    catalogue = service ? [service] : []
    toastStore.clear()
    server.use(...catalogueHandlers(calls), ...api.handlers)
    return screens.replay(path, playStep)
  }

  for (const path of existing.paths) {
    it(`existing service: ${path.description}`, () => replayOn(existingScreens, path, haircut))
  }
  for (const path of fresh.paths) {
    it(`new service: ${path.description}`, () => replayOn(freshScreens, path, null))
  }

  it('covers every state and transition', () => {
    // Both replays walked the app's own editor; the suite's record is what they walked together.
    const walked = {
      machineId: machine.id,
      stateIds: new Set([...existingScreens.walked.stateIds, ...freshScreens.walked.stateIds]),
      transitionKeys: new Set([
        ...existingScreens.walked.transitionKeys,
        ...freshScreens.walked.transitionKeys,
      ]),
      paths: existingScreens.walked.paths + freshScreens.walked.paths,
    }
    writeWalkRecord('screen', import.meta.filename, walked)
    assertFullCoverage(machine, walked)
  })
})
