import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInMachine } from '../../machines/sign-in'
import { flowPathsOf, successEndsOf } from '../../src/flows/flow-diagrams/playback/flow-paths'
import { statechartModelOf } from '../../src/flows/flow-diagrams/statechart-model'
import { seriousAxeViolations } from '../support/axe-check'
import { launchBrowser } from '../support/browser'
import { startServer, type RunningServer } from '../support/e2e-server'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  const exitCode = await server?.stop()
  expect(exitCode).toBe(0)
})

const stateBox = (page: Page, stateId: string) => page.locator(`[data-state-id="${stateId}"]`)
const highlighted = (page: Page) =>
  page
    .locator('[data-state-id][data-active="true"]')
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('data-state-id')))
const highlightedTransition = (page: Page) =>
  page.locator('[data-transition-key][data-active="true"]').getAttribute('data-transition-key')
const focusedStateId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-state-id') ?? null)
const search = (page: Page) => page.getByRole('searchbox', { name: 'Find a state or screen' })

/**
 * The rendered size, in screen pixels, of the text of every state box that shows inside the canvas: the font
 * size times the drawing's scale, as the browser draws it.
 */
async function visibleStateTextSizes(page: Page): Promise<number[]> {
  return page.locator('.statechart-canvas').evaluate((canvas) => {
    const svg = canvas.querySelector('svg')!
    const scale = svg.getScreenCTM()!.a
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

describe('reading a large flow', () => {
  it('opens the onboarding flow legible at 1280 px, finds a state and moves between states by keyboard', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${server.origin}/en/flows/onboarding`)
    await stateBox(page, 'onboarding.entering').waitFor()
    // Every state label in view reads at 12 px or more, and the view is not empty.
    await expect.poll(async () => (await visibleStateTextSizes(page)).length).toBeGreaterThan(5)
    expect(Math.min(...(await visibleStateTextSizes(page)))).toBeGreaterThanOrEqual(12)
    // The flow's start is in view, and the zoom label says the true scale: natural size.
    await expect(stateBox(page, 'onboarding.entering').isVisible()).resolves.toBe(true)
    await expect(page.locator('.statechart-zoom').textContent()).resolves.toBe('100%')

    // A state inside a closed one is found by its words: its parents open and it is highlighted.
    expect(await stateBox(page, 'onboarding.second.editing').count()).toBe(0)
    await search(page).fill('saved progress')
    await page.getByRole('status').filter({ hasText: '1 state matches' }).waitFor()
    await expect(stateBox(page, 'onboarding.restoring').getAttribute('data-match')).resolves.toBe('true')
    // By its screen's name too.
    await search(page).fill('SecondStepScreen')
    await page.getByRole('status').filter({ hasText: '1 state matches' }).waitFor()
    await expect(stateBox(page, 'onboarding.second').getAttribute('data-match')).resolves.toBe('true')
    await search(page).fill("answers the step's questions")
    await page.getByRole('status').filter({ hasText: '4 states match' }).waitFor()
    const matched = await page
      .locator('[data-match="true"]')
      .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('data-state-id')))
    expect(matched.sort()).toEqual(
      ['second', 'third', 'fourth', 'fifth'].map((step) => `onboarding.${step}.editing`).sort(),
    )

    // Enter goes to the first match, which comes into view with the keyboard focus on it.
    await search(page).press('Enter')
    await expect.poll(() => focusedStateId(page)).toBe('onboarding.second.editing')
    const canvas = (await page.locator('.statechart-canvas').boundingBox())!
    const focused = (await stateBox(page, 'onboarding.second.editing').boundingBox())!
    expect(focused.y).toBeGreaterThanOrEqual(canvas.y)
    expect(focused.y + focused.height).toBeLessThanOrEqual(canvas.y + canvas.height)

    // The arrow keys move to the nearest state that way; Tab to the next one in reading order.
    // (The view follows the focus, so positions are compared after each move.)
    const top = async (stateId: string) => (await stateBox(page, stateId).boundingBox())!.y
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => focusedStateId(page)).not.toBe('onboarding.second.editing')
    const below = (await focusedStateId(page))!
    expect(await top(below)).toBeGreaterThan(await top('onboarding.second.editing'))
    await page.keyboard.press('ArrowUp')
    await expect.poll(() => focusedStateId(page)).not.toBe(below)
    const above = (await focusedStateId(page))!
    expect(await top(above)).toBeLessThan(await top(below))
    await page.keyboard.press('Tab')
    await expect.poll(() => focusedStateId(page)).not.toBe(above)
    const next = (await focusedStateId(page))!
    expect(next).not.toBeNull()
    expect(await top(next)).toBeGreaterThanOrEqual(await top(above))

    // Enter opens the focused state's panel.
    await page.keyboard.press('Enter')
    const title = (await page.locator('#state-details-title').textContent())!
    expect(title).not.toBe('')
    expect((await stateBox(page, next).getAttribute('aria-label'))!.startsWith(title)).toBe(true)
    await page.close()
  })
})

describe('playing a path', () => {
  const signInPaths = flowPathsOf(statechartModelOf(signInMachine), successEndsOf(signInMachine))
  const failedCall = signInPaths.find(
    (path) => path.transition?.key === 'signIn.submitting|xstate.error.actor.submitCredentials|0',
  )!

  it('opens a path at the step in the address, and steps on and back', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${server.origin}/en/flows/signIn?path=${failedCall.id}&step=2`)
    await page.locator('[data-step="2"]').waitFor()
    // The state of the step, its parent, and the transition that led to it are highlighted.
    await expect.poll(() => highlighted(page)).toEqual(['signIn.form', 'signIn.form.failed'])
    await expect(highlightedTransition(page)).resolves.toBe(
      'signIn.submitting|xstate.error.actor.submitCredentials|0',
    )
    const step = page.getByRole('status').filter({ hasText: 'Step 2 of 2' })
    await expect(step.textContent()).resolves.toContain('Event: If the call fails: the form shows why')
    await page.getByRole('complementary', { name: 'The form shows why the sign-in failed' }).waitFor()
    await expect(page.getByRole('button', { name: 'Next step' }).isDisabled()).resolves.toBe(true)

    await page.getByRole('button', { name: 'Previous step' }).click()
    await expect.poll(() => highlighted(page)).toEqual(['signIn.submitting'])
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('1')
    await page.getByRole('button', { name: 'Next step' }).click()
    await expect.poll(() => highlighted(page)).toEqual(['signIn.form', 'signIn.form.failed'])
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('2')

    // The happy path, from the start: the page opens it, and Next moves along it.
    await page.goto(`${server.origin}/en/flows/resetPassword?path=happy&step=2`)
    await expect
      .poll(() => highlighted(page))
      .toEqual(['resetPassword.confirmCode', 'resetPassword.confirmCode.entering'])
    await page.getByRole('button', { name: 'Next step' }).click()
    await expect
      .poll(() => highlighted(page))
      .toEqual(['resetPassword.confirmCode', 'resetPassword.confirmCode.checking'])
    await expect.poll(() => new URL(page.url()).searchParams.get('step')).toBe('3')
    await expect(page.getByRole('status').filter({ hasText: 'Step 3 of 6' }).count()).resolves.toBe(1)
    await page.close()
  })

  it('chooses a path, plays it by itself and pauses, and the address follows', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
    await page.goto(`${server.origin}/en/flows/signIn`)
    await stateBox(page, 'signIn.form.editing').waitFor()
    expect(await highlighted(page)).toEqual([])
    await page.getByRole('button', { name: 'Choose a path to play' }).click()
    // The happy path comes first, at its start.
    await expect.poll(() => highlighted(page)).toEqual(['signIn.form', 'signIn.form.editing'])
    await expect.poll(() => new URL(page.url()).search).toBe('?path=happy&step=0')
    await page.getByRole('button', { name: 'Play', exact: true }).click()
    await expect.poll(() => highlighted(page), { timeout: 6000 }).toEqual(['signIn.submitting'])
    await expect.poll(() => highlighted(page), { timeout: 6000 }).toEqual(['signIn.signedIn'])
    // At the end it stops by itself.
    await page.getByRole('button', { name: 'Play', exact: true }).waitFor()

    await page.getByLabel('Path', { exact: true }).selectOption(failedCall.id)
    await expect.poll(() => new URL(page.url()).search).toBe(`?path=${failedCall.id}&step=0`)
    await page.getByRole('button', { name: 'Stop playing' }).click()
    await expect.poll(() => new URL(page.url()).search).toBe('')
    await expect.poll(() => highlighted(page)).toEqual([])
    await page.close()
  })

  it('passes axe with a path being played and a search made', async () => {
    const context = await browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    await page.goto(`${server.origin}/en/flows/onboarding?path=happy&step=3`)
    await page.locator('[data-step="3"]').waitFor()
    await search(page).fill('code')
    await page.locator('[data-match="true"]').first().waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.goto(`${server.origin}/flows/signIn?path=happy&step=1`)
    await page.locator('[data-step="1"]').waitFor()
    expect(await seriousAxeViolations(page)).toEqual([])
    await context.close()
  })
})
