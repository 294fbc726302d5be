import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { compositeStatusMachine, type CompositeStatusEvent } from '../../machines/composite-status'
import type { BrowserModel, Journey } from '../support/browser-model-journeys'
import { apiCall, signInOnPage, signInThroughApi } from '../support/e2e-journey-helpers'
import { DEMO } from '../support/server-harness'
import { modelOptions, partChoices } from '../model/composite-status.model'

/** The real service that stands for a model part in this journey: its id and its title. */
const realPart = (journey: Journey, modelId: number) =>
  (journey.data.parts as Record<number, { id: number; title: string }>)[modelId]!

const statusLine = (journey: Journey) => journey.page.getByText(/^(Ready|Not configured):/)

/**
 * The composite editor in Chromium: the demo owner opens a new composite service; each journey first makes the
 * model's three services through the API (titles of its own, the last one switched off), and the owner adds,
 * removes and moves them as parts.
 */
export const compositeStatusBrowserModel: BrowserModel = {
  machine: compositeStatusMachine,
  options: modelOptions,
  unreachable: {},
  async prepare(journey) {
    const { token, companyId } = await signInThroughApi(journey.origin, DEMO.email, DEMO.password)
    const categories = await apiCall<{ id: number }[]>(journey.origin, `/service_categories/${companyId}/`, {
      method: 'GET',
      token,
    })
    const tag = randomBytes(3).toString('hex')
    const parts: Record<number, { id: number; title: string }> = {}
    for (const choice of partChoices) {
      const title = `${choice.title} ${tag}`
      const made = await apiCall<{ id: number }>(journey.origin, `/services/${companyId}/`, {
        token,
        body: { title, category_id: categories.data[0]!.id, active: choice.bookable ? 1 : 0 },
      })
      expect(made.status).toBe(201)
      parts[choice.serviceId] = { id: made.data.id, title }
    }
    journey.data = { ...journey.data, companyId, parts }
    await journey.page.goto(`${journey.origin}/en/signin`)
    await signInOnPage(journey.page, DEMO.email, DEMO.password)
    await journey.page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
  },
  async act(journey, step) {
    const { page, origin } = journey
    const event = step.event as unknown as CompositeStatusEvent | { type: 'xstate.init' }
    switch (event.type) {
      case 'xstate.init':
        await page.goto(
          `${origin}/en/company/${journey.data.companyId as number}/services/new-composite?inspect=1`,
        )
        await page.getByRole('heading', { name: 'New composite service' }).waitFor()
        return
      case 'part.added':
        await page
          .getByLabel('Service to add')
          .selectOption(String(realPart(journey, event.part.serviceId).id))
        await page.getByRole('button', { name: 'Add the part' }).click()
        return
      case 'part.removed':
        await page
          .getByRole('button', { name: `Remove ${realPart(journey, event.serviceId).title}`, exact: true })
          .click()
        return
      case 'part.moved':
        await page
          .getByRole('button', { name: `Move ${realPart(journey, event.serviceId).title} up`, exact: true })
          .click()
        return
    }
  },
  see: {
    deciding: null,
    notConfigured: async (journey) => {
      await expect.poll(() => statusLine(journey).textContent()).toMatch(/^Not configured:/)
    },
    ready: async (journey) => {
      await expect.poll(() => statusLine(journey).textContent()).toMatch(/^Ready: clients can book it\./)
    },
  },
}
