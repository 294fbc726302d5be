import { expect } from 'vitest'
import type { EmployeeStatus } from '../../machines/employee-lifecycle'
import { employeeLifecycleMachine } from '../../machines/employee-lifecycle'
import type { BrowserModel, Journey } from '../support/browser-model-journeys'
import type { ModelStep } from '../support/model-coverage'
import { apiCall, signInOnPage } from '../support/e2e-journey-helpers'
import { dismissal, modelOptions } from '../model/employee-lifecycle.model'

/** The owner of Northern Barbers, who manages the team: one API session per server for the setup calls. */
const owners = new Map<string, { token: string; userId: number; companyId: number }>()
let created = 0
/** The staff member each server's owner account is linked to now, if a journey linked one. */
const ownerLinks = new Map<string, number>()

async function ownerOf(origin: string) {
  let owner = owners.get(origin)
  if (!owner) {
    const signedIn = await apiCall<{ access_token: string; user: { id: number } }>(origin, '/auth', {
      body: { login: 'other@example.com', password: 'demo12345' },
    })
    const token = signedIn.data.access_token
    const companies = await apiCall<{ id: number; title: string }[]>(origin, '/companies', {
      method: 'GET',
      token,
    })
    const company = companies.data.find((each) => each.title === 'Northern Barbers')!
    owner = { token, userId: signedIn.data.user.id, companyId: company.id }
    owners.set(origin, owner)
  }
  return owner
}

const isError = (step: ModelStep | undefined, actor: string) =>
  step?.event.type === `xstate.error.actor.${actor}`

/** The journey's member, through the API as a colleague in another tab would change them. */
async function onServer(journey: Journey, path: string, body: unknown, method = 'POST') {
  const owner = await ownerOf(journey.origin)
  const reply = await apiCall(journey.origin, path, { method, token: owner.token, body })
  expect(reply.status, `${method} ${path}`).toBe(200)
}

/**
 * A removal the server refuses for real: the member's sign-in is made the owner's own (a member of the company
 * may be linked to a staff row), and removing the owner's sign-in is refused with 422 on user_delete.
 */
async function linkTheOwner(journey: Journey) {
  const owner = await ownerOf(journey.origin)
  // One staff row per account: the member an earlier journey linked lets go of the owner first.
  const earlier = ownerLinks.get(journey.origin)
  if (earlier !== undefined) {
    const unlinked = await apiCall(journey.origin, `/staff/${earlier}`, {
      method: 'PATCH',
      token: owner.token,
      body: { user_id: null },
    })
    expect(unlinked.status).toBe(200)
  }
  ownerLinks.set(journey.origin, journey.data.staffId as number)
  await onServer(journey, `/staff/${journey.data.staffId as number}`, { user_id: owner.userId }, 'PATCH')
  journey.data.linked = true
}

/**
 * Whether a journey's path meets a removal the server refuses; such a member's sign-in is the owner's from the
 * start, so the question already offers to remove it.
 */
const refusesRemoval = (steps: readonly ModelStep[]) =>
  steps.some((step) => isError(step, 'dismissEmployee') || isError(step, 'deleteEmployee'))

/** Network failures of one call: the browser's request is aborted, as when the connection drops. */
const callTo = (journey: Journey, path: string) => (url: URL) =>
  url.pathname === `/api/v1${path.replace('{id}', String(journey.data.staffId as number))}`

const region = (journey: Journey) => journey.page.getByRole('region', { name: 'Work at the salon' })

/**
 * The employee lifecycle in Chromium against the real server: each journey gets a staff member of its own
 * (made through the API) in Northern Barbers, opens the card signed in as the owner, and dismisses, deletes or
 * brings them back. A refused removal is the real one (the owner's own sign-in); the reads and the restore that
 * fail are the network failing (the request is aborted).
 */
export const employeeLifecycleBrowserModel: BrowserModel = {
  machine: employeeLifecycleMachine,
  options: modelOptions,
  unreachable: {},
  // The owner's account is linked to one member at a time, so the journeys that need it take turns.
  runsAlone: (path) => refusesRemoval(path.steps),
  async prepare(journey) {
    const owner = await ownerOf(journey.origin)
    created += 1
    const name = `Journey member ${created}`
    const member = await apiCall<{ id: number }>(journey.origin, '/staff/quick', {
      token: owner.token,
      body: { company_id: owner.companyId, name },
    })
    expect(member.status).toBe(201)
    journey.data = { ...journey.data, staffId: member.data.id, name, companyId: owner.companyId }
    if (refusesRemoval(journey.path.steps)) await linkTheOwner(journey)
    await journey.page.goto(`${journey.origin}/en/signin`)
    await signInOnPage(journey.page, 'other@example.com', 'demo12345')
    await journey.page.getByRole('heading', { name: 'Northern Barbers' }).waitFor()
  },
  async act(journey, step, next) {
    const { page, origin, data } = journey
    const staffId = data.staffId as number
    switch (step.event.type) {
      case 'xstate.init': {
        // The member stands where the first read should find them.
        const status = (next?.event as { output?: EmployeeStatus } | undefined)?.output
        if (status === 'fired' || status === 'deleted')
          await onServer(journey, '/settings/master/fire/', {
            staff_id: staffId,
            date_dismissal: dismissal.date,
            dismissal_reason: dismissal.reason,
          })
        if (status === 'deleted') await onServer(journey, '/settings/master/delete/', { staff_id: staffId })
        if (isError(next, 'readEmployee'))
          await page.route(callTo(journey, '/staff/{id}'), (route) => route.abort('internetdisconnected'))
        await page.goto(`${origin}/en/company/${data.companyId as number}/staff/${staffId}?inspect=1`)
        return
      }
      case 'read.retried':
        await page.unroute(callTo(journey, '/staff/{id}'))
        await page.getByRole('button', { name: 'Try again' }).click()
        return
      case 'dismiss.requested':
      case 'delete.requested': {
        const salons = callTo(journey, '/staff/{id}/available_remove_salons')
        await page.unroute(salons)
        if (isError(next, 'readImpact'))
          await page.route(salons, (route) => route.abort('internetdisconnected'))
        await region(journey)
          .getByRole('button', { name: step.event.type === 'dismiss.requested' ? 'Dismiss' : 'Delete' })
          .click()
        return
      }
      case 'dismiss.confirmed': {
        data.refusalExpected = isError(next, 'dismissEmployee')
        const form = page.getByRole('form', { name: `Dismiss ${data.name as string}` })
        await form.getByLabel('Last working day').fill(dismissal.date)
        await form.getByLabel('Reason (optional)').fill(dismissal.reason)
        if (data.linked) await form.getByLabel('Also remove their sign-in from this salon').check()
        await form.getByRole('button', { name: 'Dismiss' }).click()
        return
      }
      case 'delete.confirmed': {
        data.refusalExpected = isError(next, 'deleteEmployee')
        const form = page.getByRole('form', { name: `Delete ${data.name as string}` })
        if (data.linked) await form.getByLabel('Also remove their sign-in from this salon').check()
        await form.getByRole('button', { name: 'Delete' }).click()
        return
      }
      case 'dismiss.cancelled':
      case 'delete.cancelled':
        await region(journey).getByRole('button', { name: 'Cancel' }).click()
        return
      case 'restore.requested': {
        const restore = callTo(journey, `/settings/master/restore/${data.companyId as number}/{id}`)
        await page.unroute(restore)
        if (isError(next, 'restoreEmployee'))
          await page.route(restore, (route) => route.abort('internetdisconnected'))
        await region(journey).getByRole('button', { name: 'Bring back to work' }).click()
        return
      }
      default:
      // The server's replies answer the step before.
    }
  },
  see: {
    reading: null,
    unavailable: async ({ page }) => {
      await page.getByText('The staff member could not be loaded.').waitFor()
    },
    active: async (journey) => {
      await region(journey)
        .getByText(`${journey.data.name as string} is working at the salon.`)
        .waitFor()
    },
    'dismissal.readingImpact': null,
    'dismissal.confirming': async (journey) => {
      const form = journey.page.getByRole('form', { name: `Dismiss ${journey.data.name as string}` })
      await form.getByText(`${journey.data.name as string} performs no services`, { exact: false }).waitFor()
      if (journey.data.refusalExpected)
        await form.getByText('the owner cannot be removed from the salon', { exact: false }).waitFor()
    },
    'dismissal.submitting': null,
    dismissed: async (journey) => {
      await region(journey)
        .getByText(`${journey.data.name as string} was dismissed on November 20, 2026.`)
        .waitFor()
    },
    'deletion.readingImpact': null,
    'deletion.confirming': async (journey) => {
      const form = journey.page.getByRole('form', { name: `Delete ${journey.data.name as string}` })
      await form.getByRole('heading', { name: `Delete ${journey.data.name as string}?` }).waitFor()
      if (journey.data.refusalExpected)
        await form.getByText('the owner cannot be removed from the salon', { exact: false }).waitFor()
    },
    'deletion.submitting': null,
    deleted: async (journey) => {
      await region(journey)
        .getByText(`${journey.data.name as string} is deleted. Past appointments still show their name.`)
        .waitFor()
    },
    restoring: null,
  },
}
