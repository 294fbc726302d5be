import { expect } from 'vitest'
import { setupChecklistMachine, type SetupProgress } from '../../machines/setup-checklist'
import type { BrowserModel, Journey } from '../support/browser-model-journeys'
import type { ModelStep } from '../support/model-coverage'
import { apiCall } from '../support/e2e-journey-helpers'
import { answerNewerTable, registerPhone, uniquePhone } from '../support/onboarding-journey-driver'
import { modelOptions } from '../model/setup-checklist.model'

const checklist = (journey: Journey) => journey.page.getByRole('region', { name: 'Get your salon ready' })
/** The checklist's read of the staff list, which a failed network turns into an unreadable progress. */
const staffReads = (url: URL) => /^\/api\/v1\/companies\/\d+\/staff$/.test(url.pathname)

/** The new owner's access token, as the app keeps it, for the setup calls a colleague would make. */
async function tokenOf(journey: Journey): Promise<string> {
  const cookie = (await journey.context.cookies()).find((item) => item.name === 'access_token')
  return cookie!.value
}

/**
 * Makes the company's data what the model's next read answers, the way a colleague in another tab would:
 * categories, services, staff and the opening hours made through the API before the checklist reads them.
 */
async function arrange(journey: Journey, next: ModelStep | undefined) {
  if (next?.event.type !== 'xstate.done.actor.readProgress') return
  const wanted = (next.event as unknown as { output: SetupProgress }).output
  const token = await tokenOf(journey)
  const companyId = journey.data.companyId as number
  const have = journey.data.have as SetupProgress
  for (; have.categories < wanted.categories; have.categories += 1) {
    const made = await apiCall<{ id: number }>(journey.origin, `/service_categories/${companyId}/`, {
      token,
      body: { title: `Category ${have.categories + 1}` },
    })
    expect(made.status).toBe(201)
    journey.data.categoryId = made.data.id
  }
  for (; have.services < wanted.services; have.services += 1) {
    const made = await apiCall(journey.origin, `/services/${companyId}/`, {
      token,
      body: { title: `Service ${have.services + 1}`, category_id: journey.data.categoryId },
    })
    expect(made.status).toBe(201)
  }
  for (; have.staff < wanted.staff; have.staff += 1) {
    const made = await apiCall(journey.origin, '/staff/quick', {
      token,
      body: { company_id: companyId, name: `Master ${have.staff + 1}` },
    })
    expect(made.status).toBe(201)
  }
  if (wanted.hoursSet && !have.hoursSet) {
    const saved = await apiCall(journey.origin, `/company/${companyId}/working_hours`, {
      method: 'PUT',
      token,
      body: { days: [{ weekday: 1, intervals: [{ start: '10:00', end: '20:00' }] }] },
    })
    expect(saved.status).toBe(200)
    have.hoursSet = true
  }
}

/**
 * The setup checklist in Chromium: every journey is a new owner registered through onboarding, whose company
 * starts empty; the data the checklist reads is made through the API as a colleague would, a failed read is the
 * network failing (the browser's request is aborted), and a change is noticed when the tab becomes visible again.
 */
export const setupChecklistBrowserModel: BrowserModel = {
  machine: setupChecklistMachine,
  options: modelOptions,
  unreachable: {},
  async prepare(journey) {
    const { page, origin } = journey
    await registerPhone(page, origin, 'new', uniquePhone())
    await answerNewerTable(page, { name: 'Vera', company: 'Vera Beauty' })
    await page.getByRole('heading', { name: 'Registration complete' }).waitFor()
    const companies = await apiCall<{ id: number }[]>(origin, '/companies', {
      method: 'GET',
      token: await tokenOf(journey),
    })
    journey.data.companyId = companies.data[0]!.id
    journey.data.have = { categories: 0, services: 0, staff: 0, hoursSet: false }
  },
  async act(journey, step, next) {
    const { page, origin } = journey
    // A step that starts a read decides how that read ends; a reply step leaves the network as it is, since the
    // app may still be retrying the read it answers.
    if (['xstate.init', 'data.changed', 'retry'].includes(step.event.type)) {
      if (next?.event.type === 'xstate.error.actor.readProgress')
        await page.route(staffReads, (route) => route.abort('internetdisconnected'))
      else await page.unroute(staffReads)
      await arrange(journey, next)
    }
    switch (step.event.type) {
      case 'xstate.init':
        await page.goto(`${origin}/en/company/${journey.data.companyId as number}?inspect=1`)
        return
      case 'data.changed':
        // The owner comes back to the tab: the page becomes visible and the checklist reads the data again.
        await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
        return
      case 'retry':
        await page.getByRole('button', { name: 'Try again' }).click()
        return
      default:
      // The server's replies answer the step before.
    }
  },
  see: {
    reading: null,
    open: async (journey) => {
      const have = journey.data.have as SetupProgress
      const done = [have.categories > 0, have.services > 0, have.staff > 0, have.hoursSet].filter(
        Boolean,
      ).length
      await checklist(journey).getByText(`${done} of 4 done`).waitFor()
    },
    unavailable: async ({ page }) => {
      await page.getByText('The setup checklist could not be loaded.').waitFor()
    },
    done: async (journey) => {
      await journey.page.getByRole('heading', { name: 'Vera Beauty' }).waitFor()
      await checklist(journey).waitFor({ state: 'detached' })
    },
  },
}
