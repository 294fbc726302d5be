import { expect } from 'vitest'
import { serviceEditorMachine } from '../../machines/service-editor'
import type { BrowserModel, Journey } from '../support/browser-model-journeys'
import { apiCall, signInOnPage, signInThroughApi } from '../support/e2e-journey-helpers'
import { modelOptions } from '../model/service-editor.model'

/** The owner of Northern Barbers, who edits the services: one API session per server for the setup calls. */
const owners = new Map<string, { token: string; companyId: number; categoryId: number }>()
let created = 0

async function ownerOf(origin: string) {
  let owner = owners.get(origin)
  if (!owner) {
    const { token, companyId } = await signInThroughApi(origin, 'other@example.com', 'demo12345')
    const categories = await apiCall<{ id: number }[]>(origin, `/service_categories/${companyId}/`, {
      method: 'GET',
      token,
    })
    owner = { token, companyId, categoryId: categories.data[0]!.id }
    owners.set(origin, owner)
  }
  return owner
}

/** Someone else (another tab, a colleague) deletes the journey's service while the form is open. */
async function deletedElsewhere(journey: Journey) {
  // Once gone it stays gone: a later refusal in the same journey meets the same deleted service.
  if (journey.data.deletedElsewhere) return
  journey.data.deletedElsewhere = true
  const owner = await ownerOf(journey.origin)
  const reply = await apiCall(
    journey.origin,
    `/services/${owner.companyId}/${journey.data.serviceId as number}`,
    {
      method: 'DELETE',
      token: owner.token,
    },
  )
  expect(reply.status).toBe(200)
}

/** Someone else saves the journey's service (a comment) while the form is open: the form's copy is older now. */
async function changedElsewhere(journey: Journey) {
  const owner = await ownerOf(journey.origin)
  const reply = await apiCall(
    journey.origin,
    `/services/${owner.companyId}/${journey.data.serviceId as number}`,
    {
      method: 'PUT',
      token: owner.token,
      body: { comment: theirComment },
    },
  )
  expect(reply.status).toBe(200)
}

const theirComment = 'Changed in another tab'

const isError = (step: { event: { type: string } } | undefined, actor: string) =>
  step?.event.type === `xstate.error.actor.${actor}`

const statusOf = (step: { event: object } | undefined) =>
  (step?.event as { error?: { status?: number } } | undefined)?.error?.status

/** The page's read of the one service (loading someone else's version), which a lost connection fails. */
const serviceRead = (journey: Journey) => (url: URL) =>
  url.pathname === `/api/v1/services/${journey.data.companyId as number}/${journey.data.serviceId as number}`

/**
 * The service editor in Chromium against the real server: each journey gets a service of its own (made
 * through the API), opens its form signed in as the owner, and saves or deletes it. A refused call is the
 * real one: the service was deleted elsewhere first, and the server answers 404.
 */
export const serviceEditorBrowserModel: BrowserModel = {
  machine: serviceEditorMachine,
  options: modelOptions,
  unreachable: {},
  async prepare(journey) {
    const owner = await ownerOf(journey.origin)
    created += 1
    const title = `Journey service ${created}`
    const service = await apiCall<{ id: number }>(journey.origin, `/services/${owner.companyId}/`, {
      token: owner.token,
      body: { title, category_id: owner.categoryId, duration: 3600, price_min: 1000, price_max: 1000 },
    })
    expect(service.status).toBe(201)
    journey.data = { ...journey.data, serviceId: service.data.id, title, companyId: owner.companyId }
    await journey.page.goto(`${journey.origin}/en/signin`)
    await signInOnPage(journey.page, 'other@example.com', 'demo12345')
    await journey.page.getByRole('heading', { name: 'Northern Barbers' }).waitFor()
  },
  async act(journey, step, next) {
    const { page, origin, data } = journey
    switch (step.event.type) {
      case 'xstate.init':
        await page.goto(
          `${origin}/en/company/${data.companyId as number}/services/${data.serviceId as number}?inspect=1`,
        )
        return
      case 'save':
        await page.unroute(serviceRead(journey))
        // A refusal is the real one: a newer save from another tab (409), or the service deleted there (404).
        if (isError(next, 'saveService'))
          await (statusOf(next) === 409 ? changedElsewhere(journey) : deletedElsewhere(journey))
        await page.getByLabel('Title', { exact: true }).fill(`${data.title as string}, renamed`)
        await page.getByRole('button', { name: 'Save changes' }).click()
        return
      case 'conflict.overwrite':
        await page.unroute(serviceRead(journey))
        if (isError(next, 'saveService')) {
          // Saved over theirs without a version, so only a deleted service can refuse it now.
          if (statusOf(next) === 409) throw new Error('A save without a version cannot meet a 409')
          await deletedElsewhere(journey)
        }
        await page.getByRole('button', { name: 'Save mine over theirs' }).click()
        return
      case 'conflict.reload':
        await page.unroute(serviceRead(journey))
        // Loading their version fails when the connection is lost (the app retries twice first).
        if (isError(next, 'reloadService'))
          await page.route(serviceRead(journey), (route) => route.abort('internetdisconnected'))
        else journey.data.theirVersionLoading = true
        await page.getByRole('button', { name: 'Load their version' }).click()
        return
      case 'delete.requested':
        await page.getByRole('button', { name: 'Delete the service' }).click()
        return
      case 'delete.confirmed':
        if (isError(next, 'deleteService')) await deletedElsewhere(journey)
        await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
        return
      case 'delete.cancelled':
        await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
        return
      default:
      // The server's replies answer the step before.
    }
  },
  see: {
    editing: async ({ page, data }) => {
      await page.getByLabel('Title', { exact: true }).waitFor()
      await page.getByRole('button', { name: 'Save changes' }).waitFor()
      if (data.theirVersionLoading) {
        // Their version filled the form again: their comment is in it.
        data.theirVersionLoading = false
        await expect
          .poll(() => page.getByLabel('Comment').inputValue(), { timeout: 20_000 })
          .toBe(theirComment)
      }
    },
    saving: null,
    conflict: async ({ page }) => {
      await page
        .getByRole('alert', { name: 'Someone saved changes to this service after you opened it' })
        .waitFor()
      await page.getByRole('button', { name: 'Save mine over theirs' }).waitFor()
    },
    reloading: null,
    confirmingDelete: async ({ page, data }) => {
      await page.getByRole('heading', { name: `Delete "${data.title as string}"?` }).waitFor()
    },
    deleting: null,
    saved: async ({ page, data }) => {
      // The list, in place of the form, with the new title.
      await page.waitForURL(new RegExp(`/en/company/${data.companyId as number}/services$`))
      await page.getByRole('link', { name: `${data.title as string}, renamed` }).waitFor()
    },
    deleted: async ({ page, data }) => {
      await page.waitForURL(new RegExp(`/en/company/${data.companyId as number}/services$`))
      await page.getByText('The service was deleted.').waitFor()
      expect(await page.getByRole('link', { name: data.title as string }).count()).toBe(0)
    },
  },
}
