import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import type { AnyStateMachine } from 'xstate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { discoverMachines } from '../../scripts/flow-docs/discover-machines'
import { renderMermaid } from '../../src/flow-graph/flow-doc'
import { stateNodesOf } from '../../src/flow-graph/transition-label'
import { seriousAxeViolations } from '../support/axe-check'
import { launchBrowser } from '../support/browser'
import { startServer, templateKeys, type RunningServer } from '../support/e2e-server'

// The machines as the repository defines them: the page must list and draw each of them whole.
const machines = (await discoverMachines()).map((entry) => entry.machine)

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
const activeState = (page: Page, stateId: string) =>
  page.locator(`[data-state-id="${stateId}"][data-active="true"][aria-current="true"]`)
const activeTransition = (page: Page, key: string) =>
  page.locator(`[data-transition-key="${key}"][data-active="true"]`)

describe('the flows section on a development server', () => {
  it('lists every machine and draws each with all its states', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.origin}/en/flows`)
    await page.getByRole('heading', { name: 'Flows', level: 1 }).waitFor()

    for (const machine of machines) {
      await page.locator(`li[data-machine-id="${machine.id}"]`).waitFor()
    }
    for (const machine of machines) {
      await page.goto(`${server.origin}/en/flows`)
      // Each flow is named in words; its link is in the item of its machine.
      await page.locator(`li[data-machine-id="${machine.id}"] h2 a`).click()
      const diagram = page.getByRole('group', { name: `Statechart of the ${machine.id} machine` })
      await diagram.waitFor()
      // A large flow opens with its compound states closed; every state shows once they are open.
      const expandAll = page.getByRole('button', { name: 'Expand all' })
      if (await expandAll.count()) {
        const drawn = await diagram.getByRole('button').count()
        await expandAll.click()
        await expect.poll(() => diagram.getByRole('button').count()).toBeGreaterThanOrEqual(drawn)
        await expect.poll(() => diagram.getByRole('button').count()).toBe(stateNodesOf(machine).length)
      }
      for (const node of stateNodesOf(machine)) {
        await expect(stateBox(page, node.id).count(), `${machine.id}: ${node.id} is drawn`).resolves.toBe(1)
      }
      // Every state is a button with the state's path for a name.
      const buttons = await diagram.getByRole('button').count()
      expect(buttons).toBe(stateNodesOf(machine).length)
    }
    await page.close()
  })

  it('shows a state’s route, actions and screen, zooms, and downloads Mermaid and SVG', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.origin}/en/flows/signIn`)
    const failed = stateBox(page, 'signIn.form.failed')
    await failed.waitFor()
    await failed.focus()
    await page.keyboard.press('Enter')
    // The panel is titled with the state's description; its technical name is one of the facts.
    const panel = page.getByRole('complementary', { name: 'The form shows why the sign-in failed' })
    await panel.waitFor()
    await expect(panel.textContent()).resolves.toContain('form.failed')
    await expect(panel.textContent()).resolves.toContain('/signin')
    await expect(panel.textContent()).resolves.toContain('SignInScreen')

    const svg = page.locator('svg[data-machine-id="signIn"]')
    await page.getByRole('button', { name: 'Fit' }).click()
    const before = await svg.getAttribute('viewBox')
    await page.getByRole('button', { name: 'Zoom in' }).click()
    expect(await svg.getAttribute('viewBox')).not.toBe(before)
    await page.getByRole('button', { name: 'Fit' }).click()
    expect(await svg.getAttribute('viewBox')).toBe(before)

    const [mermaid] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Mermaid' }).click(),
    ])
    expect(mermaid.suggestedFilename()).toBe('signIn.mmd')
    expect(readFileSync((await mermaid.path())!, 'utf8')).toBe(
      `${renderMermaid(machines.find((machine) => machine.id === 'signIn')!)}\n`,
    )
    const [svgFile] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download SVG' }).click(),
    ])
    const svgText = readFileSync((await svgFile.path())!, 'utf8')
    expect(svgText).toContain('<svg')
    expect(svgText).toContain('data-state-id="signIn.form.failed"')
    await page.close()
  })

  it('reads in words by default, technical names on demand, and opens a large flow collapsed', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${server.origin}/en/flows/signIn`)
    const failedCall = page.locator(
      '[data-transition-key="signIn.submitting|xstate.error.actor.submitCredentials|0"]',
    )
    await expect.poll(() => failedCall.textContent()).toBe('If the call fails: the form shows why')
    await expect(stateBox(page, 'signIn.form.failed').getAttribute('aria-label')).resolves.toContain(
      'The form shows why the sign-in failed',
    )
    await page.getByRole('checkbox', { name: 'Technical names' }).check()
    await expect.poll(() => failedCall.textContent()).toBe('error: submitCredentials')

    await page.goto(`${server.origin}/flows/signIn`)
    await expect.poll(() => failedCall.textContent()).toBe('Если вызов не удался: форма показывает причину')

    await page.goto(`${server.origin}/en/flows/onboarding`)
    await stateBox(page, 'onboarding.second').waitFor()
    expect(await stateBox(page, 'onboarding.second.editing').count()).toBe(0)
    await stateBox(page, 'onboarding.second').click()
    await page.getByRole('button', { name: 'Expand this state' }).click()
    await stateBox(page, 'onboarding.second.editing').waitFor()
    await page.close()
  })

  it('pans by dragging without selecting text, and names the true zoom', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${server.origin}/en/flows/onboarding`)
    const svg = page.locator('svg[data-machine-id="onboarding"]')
    await stateBox(page, 'onboarding.first').waitFor()
    // Screen pixels per diagram unit, as the browser draws it.
    const drawnZoom = async () =>
      `${Math.round((await svg.evaluate((node: SVGSVGElement) => node.getScreenCTM()!.a)) * 100)}%`
    const zoomLabel = page.locator('.statechart-zoom')
    // The label appears once the canvas has been measured; from then on it names the drawn scale.
    await expect.poll(() => zoomLabel.textContent()).toMatch(/^\d+%$/)
    await expect(zoomLabel.textContent()).resolves.toBe(await drawnZoom())

    // Start on a transition's label in view, text that a drag would select, and drag across the drawing.
    const canvas = (await page.locator('.statechart-canvas').boundingBox())!
    const labels = await Promise.all(
      (await page.locator('.transition-label').all()).map((item) => item.boundingBox()),
    )
    const label = labels.find(
      (box) =>
        box &&
        box.x > canvas.x &&
        box.y > canvas.y &&
        box.x + 160 < canvas.x + canvas.width &&
        box.y + 130 < canvas.y + canvas.height,
    )!
    const before = await svg.getAttribute('viewBox')
    await page.mouse.move(label.x + 2, label.y + label.height / 2)
    await page.mouse.down()
    await page.mouse.move(label.x + 150, label.y + 120, { steps: 10 })
    await page.mouse.up()
    expect(await svg.getAttribute('viewBox')).not.toBe(before)
    await expect(page.evaluate(() => window.getSelection()?.toString() ?? '')).resolves.toBe('')

    await page.getByRole('button', { name: 'Zoom in' }).click()
    await expect(zoomLabel.textContent()).resolves.toBe(await drawnZoom())
    await page.getByRole('button', { name: 'Fit' }).click()
    await expect(zoomLabel.textContent()).resolves.toBe(await drawnZoom())
    await page.close()
  })

  it('names the screen of each state by its own name in the built (minified) app', async () => {
    const page = await browser.newPage()
    const cases = [
      ['onboarding', 'onboarding.second', 'SecondStepScreen (src/flows/onboarding/second-step-screen.tsx)'],
      [
        'resetPassword',
        'resetPassword.sendCode.editing',
        'ResetPasswordScreen (src/flows/reset/reset-password-screen.tsx)',
      ],
      ['invite', 'invite.authorize', 'SignInScreen (src/flows/signin/sign-in-screen.tsx)'],
      [
        'serviceEditor',
        'serviceEditor.editing',
        'ServiceEditorScreen (src/business/services/service-editor-screen.tsx)',
      ],
    ] as const
    for (const [machineId, stateId, screen] of cases) {
      await page.goto(`${server.origin}/en/flows/${machineId}`)
      await stateBox(page, stateId).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('checkbox', { name: 'Technical names' }).check()
      const panel = page.getByRole('complementary', {
        name: stateId.slice(machineId.length + 1),
        exact: true,
      })
      const screenField = panel
        .locator('dt', { hasText: /^Screen$/ })
        .locator('xpath=following-sibling::dd[1]')
      await expect(screenField.textContent(), stateId).resolves.toBe(screen)
    }
    await page.close()
  })

  it('passes axe on every page of the section, with a screen state chosen on each diagram', async () => {
    // The app's Content-Security-Policy forbids inline scripts, axe's included; the check alone may bypass it.
    const context = await browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    const found: string[] = []
    const check = async (address: string, ready: () => Promise<void>) => {
      await page.goto(`${server.origin}${address}`)
      await ready()
      for (const violation of await seriousAxeViolations(page)) found.push(`${address} ${violation}`)
    }
    const diagramReady = (machine: AnyStateMachine) => async () => {
      // A screen state where the machine has one, so that the panel shows a route and a screen too.
      const chosen = stateNodesOf(machine).find((node) => node.meta) ?? stateNodesOf(machine)[0]!
      await stateBox(page, chosen.id).focus()
      await page.keyboard.press('Enter')
      await page.locator('#state-details-title').waitFor()
    }
    try {
      // Every page in English; the Russian words sit in the same places, so three pages are enough there.
      for (const prefix of ['/en', '']) {
        await check(`${prefix}/flows`, () => page.locator('li[data-machine-id]').first().waitFor())
        await check(`${prefix}/flows/coverage`, () => page.locator('#coverage-title').waitFor())
        for (const machine of prefix === '/en' ? machines : machines.filter(({ id }) => id === 'onboarding'))
          await check(`${prefix}/flows/${machine.id}`, diagramReady(machine))
      }
      expect(found).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('follows the sign-in flow live from a second tab', async () => {
    const context = await browser.newContext()
    const diagram = await context.newPage()
    await diagram.goto(`${server.origin}/en/flows/signIn`)
    await stateBox(diagram, 'signIn.form.editing').waitFor()

    const app = await context.newPage()
    await app.goto(`${server.origin}/en/signin?inspect=1`)
    await app.getByRole('heading', { name: 'Sign in' }).waitFor()
    await activeState(diagram, 'signIn.form.editing').waitFor()

    // Empty fields fail locally.
    await app.getByRole('button', { name: 'Sign in' }).click()
    await app.getByRole('alert').waitFor()
    await activeState(diagram, 'signIn.form.failed').waitFor()
    await activeTransition(diagram, 'signIn.form|credentials.submitted|1').waitFor()
    expect(await stateBox(diagram, 'signIn.form.editing').getAttribute('data-active')).toBeNull()

    // Editing goes back to editing; a wrong password goes through the server and fails again.
    await app.getByLabel('E-mail or phone').fill('demo@example.com')
    await activeState(diagram, 'signIn.form.editing').waitFor()
    await app.getByLabel('Password').fill('not-the-password')
    await app.getByRole('button', { name: 'Sign in' }).click()
    await app.getByText('The login or password is incorrect.').waitFor()
    await activeState(diagram, 'signIn.form.failed').waitFor()
    await activeTransition(diagram, 'signIn.submitting|xstate.error.actor.submitCredentials|0').waitFor()
    await context.close()
  })

  it('follows the session in the same tab', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.origin}/en/flows/session?inspect=1`)
    await activeState(page, 'session.signedOut').waitFor()
    await page.close()
  })
})

describe('the flows section on a production server', () => {
  it('is "page not found" for a visitor without the superuser flag', async () => {
    // A production server on a copy of the journeys' data folder (a fresh embedded database would take most of
    // a minute to create, and what it holds does not matter here).
    const production = await startServer(
      {
        NODE_ENV: 'production',
        ...templateKeys(),
        SMTP_URL: 'smtp://127.0.0.1:9',
        SMS_PROVIDER_URL: 'http://127.0.0.1:9/send',
      },
      { fromTemplate: true },
    )
    try {
      const page = await browser.newPage()
      await page.goto(`${production.origin}/en/flows`)
      await page.getByRole('heading', { name: 'Page not found' }).waitFor()
      await page.goto(`${production.origin}/en/flows/signIn`)
      await page.getByRole('heading', { name: 'Page not found' }).waitFor()
      await page.close()
    } finally {
      await production.stop()
    }
  })
})
