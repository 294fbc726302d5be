import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { machineGraphOf, type MachineGraph } from '../../contract/flow-reviews/machine-graph'
import { onboardingMachine } from '../../machines/onboarding'
import { seriousAxeViolations } from '../support/axe-check'
import { apiCall, signInOnPage, signInThroughApi } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

const flowItem = (page: Page, machineId: string) => page.locator(`li[data-machine-id="${machineId}"]`)
const stateBox = (page: Page, stateId: string) => page.locator(`[data-state-id="${stateId}"]`)
const highlighted = (page: Page) =>
  page
    .locator('[data-state-id][data-active="true"]')
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('data-state-id')))

/** The drawn size, in screen pixels, of the words of every state box in view in the diagram's canvas. */
function visibleStateTextSizes(page: Page): Promise<number[]> {
  return page.locator('.statechart-canvas').evaluate((canvas) => {
    const scale = canvas.querySelector('svg')!.getScreenCTM()!.a
    const frame = canvas.getBoundingClientRect()
    return [...canvas.querySelectorAll('[data-state-id] tspan')]
      .filter((span) => {
        const box = span.getBoundingClientRect()
        return (
          box.right > frame.left && box.left < frame.right && box.bottom > frame.top && box.top < frame.bottom
        )
      })
      .map((span) => parseFloat(getComputedStyle(span).fontSize) * scale)
  })
}

/** The screenshot the open state's panel shows: its address, and whether the picture loaded. */
async function panelScreenshot(page: Page) {
  const picture = page.locator('.flow-panel .flow-screenshot img')
  await picture.scrollIntoViewIfNeeded()
  await expect
    .poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0)
  return { src: (await picture.getAttribute('src'))!, alt: (await picture.getAttribute('alt'))! }
}

describe('reviewing a flow in Chromium', () => {
  it('reads the onboarding flow, sees a state’s screen, plays the way to the company, comments, signs off and sees what changed', async () => {
    // The app's Content-Security-Policy forbids inline scripts, axe's included; the check alone may bypass it.
    const context = await e2e.browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const violations: string[] = []
    const axe = async (what: string) => {
      for (const violation of await seriousAxeViolations(page)) violations.push(`${what}: ${violation}`)
    }
    try {
      await page.goto(`${e2e.server.origin}/en/signin`)
      await signInOnPage(page, 'demo@example.com', 'demo12345')
      await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()

      // The list of flows, and the onboarding flow in it.
      await page.goto(`${e2e.server.origin}/en/flows`)
      // The review summaries come from the server after the list; a loaded machine takes seconds for them.
      await expect
        .poll(() => flowItem(page, 'onboarding').textContent(), { timeout: 30_000 })
        .toContain('Not reviewed')
      await axe('the list of flows')
      // Found by its technical id, it is named in words: the sign-up.
      await page
        .getByRole('searchbox', { name: 'Find a flow by its name or technical id' })
        .fill('onboarding')
      await expect.poll(() => page.locator('li[data-machine-id]').count()).toBe(1)
      await flowItem(page, 'onboarding').getByRole('link', { name: 'Sign-up', exact: true }).click()
      // Each state with a screen shows its picture in its box; onboarding's first screen is the welcome.
      await expect
        .poll(() => stateBox(page, 'onboarding.welcome').locator('.state-thumbnail img').count())
        .toBe(1)

      // Read at the fitted first view: every state label in view at 12 px or more, the flow's start among them.
      await stateBox(page, 'onboarding.entering').waitFor()
      await expect.poll(async () => (await visibleStateTextSizes(page)).length).toBeGreaterThan(5)
      expect(Math.min(...(await visibleStateTextSizes(page)))).toBeGreaterThanOrEqual(12)
      await expect(stateBox(page, 'onboarding.entering').isVisible()).resolves.toBe(true)

      // A state, and the screen it shows as the browser journeys photographed it.
      await stateBox(page, 'onboarding.confirmCode').focus()
      await page.keyboard.press('Enter')
      await page
        .getByRole('complementary', { name: 'The user confirms the phone or e-mail with a code' })
        .waitFor()
      const codeScreen = await panelScreenshot(page)
      expect(codeScreen.src).toMatch(/confirmCode\.en\.1280/)
      expect(codeScreen.alt).toContain('1280 px wide')
      await axe('a flow with a state and its screenshot open')

      // The shortest ordinary way to "company created", played step by step to its end.
      await page.getByRole('button', { name: 'Choose a path to play' }).click()
      await expect.poll(() => new URL(page.url()).search).toBe('?path=happy&step=0')
      const next = page.getByRole('button', { name: 'Next step' })
      for (let step = 1; !(await next.isDisabled()); step += 1) {
        await next.click()
        await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe(String(step))
        expect(step).toBeLessThan(40)
      }
      await expect.poll(() => highlighted(page)).toEqual(['onboarding.completed'])
      const completed = page.getByRole('complementary', {
        name: 'The company is created; the user goes into the app',
      })
      await completed.waitFor()
      expect((await panelScreenshot(page)).alt).toBe(
        'The screen of “The company is created; the user goes into the app”, 1280 px wide',
      )
      await axe('a flow with its happy path played to the end')

      // A comment on the state the path ended in.
      const comments = page.getByRole('region', { name: 'Review comments' })
      await comments.getByText('No comments on this state or its transitions yet.').waitFor()
      await comments.getByLabel('Comment').fill('Say what the owner can set up first.')
      await comments.getByRole('button', { name: 'Add comment' }).click()
      await comments.getByText('Say what the owner can set up first.').waitFor()

      const review = page.getByRole('region', { name: 'Review', exact: true })
      await expect.poll(() => review.textContent()).toContain('1 open comment')
      await review.getByRole('button', { name: 'Mark this version reviewed' }).click()
      await expect.poll(() => review.textContent()).toMatch(/^Review\s*Reviewed by /)

      await page.getByRole('link', { name: 'All flows' }).click()
      await expect.poll(() => flowItem(page, 'onboarding').textContent()).toContain('Reviewed by')
      await expect(flowItem(page, 'onboarding').textContent()).resolves.toContain('1 open comment')

      // A machine change: the latest sign-off is of a version that had a retired screen and lacked a state and a
      // transition the machine has now, as after a deployment that changed the flow.
      const current = machineGraphOf(onboardingMachine)
      const newState = current.states.find((state) => state.id === 'onboarding.welcome')!
      const newTransition = current.transitions.find((transition) =>
        transition.key.startsWith('onboarding.welcome|'),
      )!
      const reviewed: MachineGraph = {
        states: [
          ...current.states.filter((state) => state !== newState),
          { id: 'onboarding.retired', description: 'A screen that is gone' },
        ],
        transitions: current.transitions.filter((transition) => transition !== newTransition),
      }
      const { token } = await signInThroughApi(e2e.server.origin, 'demo@example.com', 'demo12345')
      const marked = await apiCall(e2e.server.origin, '/flow_reviews/onboarding/review', {
        method: 'PUT',
        body: reviewed,
        token,
      })
      expect(marked.status).toBe(200)

      await page.reload()
      await expect.poll(() => flowItem(page, 'onboarding').textContent()).toContain('Changed since reviewed')
      await expect(flowItem(page, 'onboarding').textContent()).resolves.toContain('2 added, 1 removed')
      await axe('the list with a changed flow')
      await flowItem(page, 'onboarding').getByRole('link', { name: 'Sign-up', exact: true }).click()
      await expect.poll(() => review.textContent()).toContain('Changed since reviewed')

      // What changed reads in the diagram's words; the technical ids show with the technical names.
      const added = review.getByRole('region', { name: 'States added' })
      const addedTransitions = review.getByRole('region', { name: 'Transitions added' })
      await added.getByText('The welcome screen for an individual practitioner', { exact: true }).waitFor()
      await addedTransitions.getByText('The user continues into the app', { exact: false }).waitFor()
      await expect(added.getByText(newState.id, { exact: true }).count()).resolves.toBe(0)
      // A removed state is no longer in the flow, so only its id names it.
      await review.getByRole('region', { name: 'States removed' }).getByText('onboarding.retired').waitFor()
      await axe('a changed flow')
      await page.getByLabel('Technical names').check()
      await expect(added.getByText(newState.id, { exact: true }).count()).resolves.toBe(1)
      await expect(addedTransitions.getByText(newTransition.key, { exact: true }).count()).resolves.toBe(1)

      // The Russian page shows the Russian screenshot of the same state.
      await page.goto(`${e2e.server.origin}/ru/flows/onboarding`)
      await stateBox(page, 'onboarding.confirmCode').focus()
      await page.keyboard.press('Enter')
      expect((await panelScreenshot(page)).src).toMatch(/confirmCode\.ru\.1280/)
      await axe('the Russian flow with a state open')
      expect(violations).toEqual([])
    } finally {
      await context.close()
    }
    // The whole review in one journey: near two minutes on a loaded two-core machine.
  }, 300_000)
})
