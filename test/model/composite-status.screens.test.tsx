import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { CompositePart, CompositeStatusEvent } from '../../machines/composite-status'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import { categoryReply, employeeReply, salonFive, serviceReply } from '../support/catalogue-replies'
import { assertFullCoverage, createMachineModel, type ModelStep } from '../support/model-coverage'
import { anna, createFakeApi, ok, salonOne, salonTwo, type FakeApi } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'
import { createScreenReplay } from '../support/ui-model-replay'
import { writeWalkRecord } from '../support/walk-record-writer'
import { machine, modelOptions, partChoices } from './composite-status.model'

// The same event cases as composite-status.machine.test.ts, so both levels walk the same generated paths.
const model = createMachineModel(machine, modelOptions)

const companyId = salonFive.id
const nails = categoryReply(7, 'Nails')
/** The catalogue the parts come from: the model's three services, the last one switched off. */
const catalogue = partChoices.map((part, index) =>
  serviceReply({
    id: part.serviceId,
    title: part.title,
    category_id: nails.id,
    duration: (index + 1) * 30 * 60,
    price_min: 1000,
    price_max: 1000,
    active: part.bookable ? 1 : 0,
  }),
)

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined
/** The parts the owner has put together so far, in order, as the screen must list them. */
let parts: CompositePart[] = []

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  app?.queryClient.clear()
  api?.release()
  clearAppCookies()
  app = api = undefined
})

const user = () => userEvent.setup()
const partsList = () => screen.queryByRole('list', { name: 'Parts in order' })

/** Acts out one model step in the composite editor, as the owner would. */
async function playStep(step: ModelStep) {
  const event = step.event as unknown as CompositeStatusEvent | { type: 'xstate.init' }
  switch (event.type) {
    case 'xstate.init':
      writeCookie('access_token', api!.issue('owner-token'))
      app = renderApp(`/en/company/${companyId}/services/new-composite`)
      await api!.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
      await screen.findByRole('heading', { name: 'New composite service' })
      break
    case 'part.added':
      await user().selectOptions(screen.getByLabelText('Service to add'), String(event.part.serviceId))
      await user().click(screen.getByRole('button', { name: 'Add the part' }))
      parts = [...parts, event.part]
      break
    case 'part.removed': {
      const removed = parts.find((part) => part.serviceId === event.serviceId)!
      await user().click(screen.getByRole('button', { name: `Remove ${removed.title}` }))
      parts = parts.filter((part) => part !== removed)
      break
    }
    case 'part.moved': {
      const moved = parts.find((part) => part.serviceId === event.serviceId)!
      await user().click(screen.getByRole('button', { name: `Move ${moved.title} up` }))
      parts = [moved, ...parts.filter((part) => part !== moved)]
      break
    }
    default:
      throw new Error(`No screen driver for ${step.event.type}`)
  }
  await expectScreenOf(step)
}

/** The status line says whether clients can book the composite, and names the parts that are switched off. */
async function expectScreenOf(step: ModelStep) {
  const line = await screen.findByText(/^(Ready|Not configured):/)
  expect(line.getAttribute('role')).toBe('status')
  await waitFor(() =>
    expect(line.textContent).toMatch(
      step.state === 'ready' ? /^Ready: clients can book it\./ : /^Not configured: clients can book it once/,
    ),
  )
  const off = parts.filter((part) => !part.bookable).map((part) => part.title)
  expect(line.textContent).toContain(off.length > 0 ? `Not active: ${off.join(', ')}.` : 'book it')
  if (off.length === 0) expect(line.textContent).not.toContain('Not active')
  // The parts in the order they are done, and only the others left to add.
  if (parts.length === 0) expect(partsList()).toBeNull()
  else
    expect(
      within(partsList()!)
        .getAllByRole('listitem')
        .map((item) => item.firstElementChild!.textContent),
    ).toEqual(parts.map((part) => (part.bookable ? part.title : `${part.title} not active`)))
  const offered = within(screen.getByLabelText('Service to add'))
    .getAllByRole('option')
    .map((option) => Number((option as HTMLOptionElement).value))
  expect(offered).toEqual(
    partChoices
      .filter((choice) => !parts.some((part) => part.serviceId === choice.serviceId))
      .map((c) => c.serviceId),
  )
}

describe('compositeStatus screens, model-based', () => {
  const screens = createScreenReplay(machine, { input: modelOptions.input, history: () => app?.history })

  for (const path of model.paths) {
    it(path.description, async () => {
      api = createFakeApi([salonOne, salonTwo, salonFive])
      parts = []
      server.use(
        http.get(`${apiBase}/service_categories/${companyId}/`, () => ok([nails])),
        http.get(`${apiBase}/services/${companyId}/`, () => ok(catalogue)),
        http.get(`${apiBase}/companies/${companyId}/staff`, () => ok([employeeReply(31, 'Maria')])),
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
