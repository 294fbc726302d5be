import { expect } from 'vitest'
import { serviceBulkActionsMachine } from '../../machines/service-bulk-actions'
import type { BrowserModel, Journey } from '../support/browser-model-journeys'
import { apiCall } from '../support/e2e-journey-helpers'
import { answerNewerTable, registerPhone, uniquePhone } from '../support/onboarding-journey-driver'
import { modelOptions } from '../model/service-bulk-actions.model'

const titles = ['Cut', 'Colour']

async function tokenOf(journey: Journey): Promise<string> {
  return (await journey.context.cookies()).find((item) => item.name === 'access_token')!.value
}

/** Someone deletes the second ticked service in another tab, so that the action cannot change it. */
async function deletedElsewhere(journey: Journey) {
  const ids = journey.data.serviceIds as number[]
  const reply = await apiCall(journey.origin, `/services/${journey.data.companyId as number}/${ids[1]!}`, {
    method: 'DELETE',
    token: await tokenOf(journey),
  })
  expect(reply.status).toBe(200)
}

/**
 * Bulk actions on the service menu in Chromium: each journey is a new owner (registered through onboarding)
 * with two categories and two services made through the API; a partial refusal is real (one of the ticked
 * services deleted in another tab first, so the server answers 404 for it).
 */
export const serviceBulkActionsBrowserModel: BrowserModel = {
  machine: serviceBulkActionsMachine,
  options: modelOptions,
  unreachable: {
    'serviceBulkActions.applying|xstate.error.actor.applyBulkAction|0':
      'The app applies the action service by service and reports each refusal in its outcome, so the actor ' +
      'itself never rejects against a real server; only the machine level walks this guard.',
  },
  async prepare(journey) {
    const { page, origin } = journey
    await registerPhone(page, origin, 'new', uniquePhone())
    await answerNewerTable(page, { name: 'Bella', company: 'Bella Studio' })
    await page.getByRole('heading', { name: 'Registration complete' }).waitFor()
    const token = await tokenOf(journey)
    const companyId = (await apiCall<{ id: number }[]>(origin, '/companies', { method: 'GET', token }))
      .data[0]!.id
    const categoryIds: number[] = []
    for (const title of ['Hair', 'Colouring']) {
      const made = await apiCall<{ id: number }>(origin, `/service_categories/${companyId}/`, {
        token,
        body: { title },
      })
      categoryIds.push(made.data.id)
    }
    const serviceIds: number[] = []
    for (const title of titles) {
      const made = await apiCall<{ id: number }>(origin, `/services/${companyId}/`, {
        token,
        body: { title, category_id: categoryIds[0] },
      })
      serviceIds.push(made.data.id)
    }
    journey.data = { ...journey.data, companyId, serviceIds }
  },
  async act(journey, step, next) {
    const { page, origin } = journey
    const event = step.event as { type: string; ids?: number[]; action?: { kind: string } }
    switch (event.type) {
      case 'xstate.init':
        await page.goto(`${origin}/en/company/${journey.data.companyId as number}/services?inspect=1`)
        await page.getByRole('link', { name: titles[0] }).waitFor()
        return
      case 'selection.changed':
        if ((event.ids ?? []).length > 0) await page.getByLabel('Tick all shown').check()
        else await page.getByRole('button', { name: 'Untick all' }).click()
        return
      case 'action.chosen': {
        const kind = event.action!.kind
        journey.data.chosen = kind
        if (kind === 'deactivate') await page.getByRole('button', { name: 'Deactivate' }).click()
        else if (kind === 'delete')
          await page
            .getByRole('region', { name: 'Actions on the ticked services' })
            .getByRole('button', { name: 'Delete' })
            .click()
        else {
          await page.getByLabel('Move to').selectOption({ label: 'Colouring' })
          await page.getByRole('button', { name: 'Move', exact: true }).click()
        }
        return
      }
      case 'confirmed': {
        const outcome = (next?.event as { output?: { failed: number[] } } | undefined)?.output
        const refused = (outcome?.failed.length ?? 0) > 0
        if (refused) await deletedElsewhere(journey)
        journey.data.applied = { kind: journey.data.chosen, refused }
        await page.getByRole('button', { name: 'Yes, do it' }).click()
        return
      }
      case 'cancelled':
        await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
        return
      default:
      // The server's replies answer the step before.
    }
  },
  see: {
    selecting: async ({ page, data }) => {
      await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor()
      expect(await page.getByRole('alertdialog').count()).toBe(0)
      const applied = data.applied as { kind: string; refused: boolean } | undefined
      if (!applied) return
      data.applied = undefined
      // The first service was changed; the second was deleted elsewhere when the action was refused for it.
      const [first, second] = titles
      const row = page.getByRole('listitem').filter({ hasText: first })
      if (applied.kind === 'deactivate') await row.getByText('inactive').waitFor()
      if (applied.kind === 'move')
        await page.getByRole('region', { name: 'Colouring' }).getByRole('link', { name: first }).waitFor()
      if (applied.kind === 'delete') await row.waitFor({ state: 'detached' })
      if (applied.refused) {
        await page.getByRole('alert').getByText(`Not changed: ${second}.`).waitFor()
      } else if (applied.kind !== 'delete') {
        const other = page.getByRole('listitem').filter({ hasText: second })
        if (applied.kind === 'deactivate') await other.getByText('inactive').waitFor()
        if (applied.kind === 'move')
          await page.getByRole('region', { name: 'Colouring' }).getByRole('link', { name: second }).waitFor()
      }
    },
    confirming: async ({ page }) => {
      await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, do it' }).waitFor()
    },
    applying: null,
  },
}
