import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { machineGraphOf, type MachineGraph } from '../../contract/flow-reviews/machine-graph'
import { signInMachine } from '../../machines/sign-in'
import { seriousAxeViolations } from '../support/axe-check'
import { apiCall, signInOnPage, signInThroughApi } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

const flowItem = (page: Page, machineId: string) => page.locator(`li[data-machine-id="${machineId}"]`)

describe('reviewing a flow in Chromium', () => {
  it('comments on a state, signs the flow off, and shows what changed since the review', async () => {
    // The app's Content-Security-Policy forbids inline scripts, axe's included; the check alone may bypass it.
    const context = await e2e.browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    const violations: string[] = []
    const axe = async (what: string) => {
      for (const violation of await seriousAxeViolations(page)) violations.push(`${what}: ${violation}`)
    }
    try {
      await page.goto(`${e2e.server.origin}/en/signin`)
      await signInOnPage(page, 'demo@example.com', 'demo12345')
      await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()

      await page.goto(`${e2e.server.origin}/en/flows`)
      await expect.poll(() => flowItem(page, 'signIn').textContent()).toContain('Not reviewed')
      await axe('the list of flows')
      await flowItem(page, 'signIn').getByRole('link', { name: 'signIn', exact: true }).click()

      // A state of the diagram, and a comment on it.
      const failed = page.locator('[data-state-id="signIn.form.failed"]')
      await failed.focus()
      await page.keyboard.press('Enter')
      const comments = page.getByRole('region', { name: 'Review comments' })
      await comments.getByText('No comments on this state or its transitions yet.').waitFor()
      await comments.getByLabel('Comment').fill('Say which of the two fields is wrong.')
      await comments.getByRole('button', { name: 'Add comment' }).click()
      await comments.getByText('Say which of the two fields is wrong.').waitFor()

      const review = page.getByRole('region', { name: 'Review', exact: true })
      await expect.poll(() => review.textContent()).toContain('1 open comment')
      await review.getByRole('button', { name: 'Mark this version reviewed' }).click()
      await expect.poll(() => review.textContent()).toMatch(/^Review\s*Reviewed by /)
      await axe('a flow with a state open')

      await page.getByRole('link', { name: 'All flows' }).click()
      await expect.poll(() => flowItem(page, 'signIn').textContent()).toContain('Reviewed by')
      await expect(flowItem(page, 'signIn').textContent()).resolves.toContain('1 open comment')

      // A machine change: the latest sign-off is of a version that had a retired screen and lacked a state
      // the machine has now, as after a deployment that changed the flow.
      const current = machineGraphOf(signInMachine)
      const [newState, ...keptStates] = current.states
      const [newTransition, ...keptTransitions] = current.transitions
      const reviewed: MachineGraph = {
        states: [...keptStates, { id: 'signIn.retired', description: 'A screen that is gone' }],
        transitions: keptTransitions,
      }
      const { token } = await signInThroughApi(e2e.server.origin, 'demo@example.com', 'demo12345')
      const marked = await apiCall(e2e.server.origin, '/flow_reviews/signIn/review', {
        method: 'PUT',
        body: reviewed,
        token,
      })
      expect(marked.status).toBe(200)

      await page.reload()
      await expect.poll(() => flowItem(page, 'signIn').textContent()).toContain('Changed since reviewed')
      await expect(flowItem(page, 'signIn').textContent()).resolves.toContain('2 added, 1 removed')
      await axe('the list with a changed flow')
      await flowItem(page, 'signIn').getByRole('link', { name: 'signIn', exact: true }).click()
      await expect.poll(() => review.textContent()).toContain('Changed since reviewed')
      await expect(
        review.getByRole('region', { name: 'States added' }).getByText(newState!.id, { exact: true }).count(),
      ).resolves.toBe(1)
      await expect(
        review.getByRole('region', { name: 'States removed' }).getByText('signIn.retired').count(),
      ).resolves.toBe(1)
      await expect(
        review
          .getByRole('region', { name: 'Transitions added' })
          .getByText(newTransition!.key, { exact: true })
          .count(),
      ).resolves.toBe(1)
      await axe('a changed flow')
      expect(violations).toEqual([])
    } finally {
      await context.close()
    }
  })
})
