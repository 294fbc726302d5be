import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  browserJourneyPaths,
  expectEveryTransitionWalked,
  runJourneys,
} from '../support/browser-model-journeys'
import { createBrowserWalkRecorder } from '../support/browser-walk-recorder'
import { useServerAndBrowser } from '../support/e2e-session'
import { writeWalkRecord } from '../support/walk-record-writer'
import type { ModelPath } from '../support/model-coverage'
import { resetPasswordBrowserModel as model } from './reset-password.browser-model'

const e2e = useServerAndBrowser()
const recorder = createBrowserWalkRecorder()
let paths: ModelPath[] = []

beforeAll(async () => {
  paths = await browserJourneyPaths(model)
})

afterAll(() => {
  writeWalkRecord('browser', import.meta.filename, {
    ...recorder.walkOf(model.machine.id),
    unreachable: model.unreachable,
  })
})

describe('resetPassword model paths in Chromium', () => {
  it('walks the generated paths against the real server', async () => {
    await runJourneys(model, e2e.browser, recorder, e2e.server.origin, paths)
  })

  it('moves between the steps with Back, Forward and a reload, keeping what was typed', async () => {
    const context = await e2e.browser.newContext()
    await recorder.attach(context)
    const page = await context.newPage()
    const origin = e2e.server.origin
    try {
      await page.goto(`${origin}/en/signin/reset?inspect=1`)
      await page.getByLabel('E-mail or phone').fill('back-and-forth@example.com')
      await page.getByRole('button', { name: 'Send a code' }).click()
      await page.waitForURL(/\/en\/signin\/reset\/confirm_code$/)
      await page.getByLabel('Code', { exact: true }).waitFor()

      // Back returns to the first step with the contact still there; the flow is still one flow.
      await page.goBack()
      await page.waitForURL(/\/en\/signin\/reset\/send_code$/)
      await page.getByRole('button', { name: 'Send a code' }).waitFor()
      expect(await page.getByLabel('E-mail or phone').inputValue()).toBe('back-and-forth@example.com')

      // Forward goes to the code step again: the code was sent, so the machine accepts its URL.
      await page.goForward()
      await page.waitForURL(/\/en\/signin\/reset\/confirm_code$/)
      await page.getByLabel('Code', { exact: true }).waitFor()

      // A reload stays on the code step.
      await page.reload()
      await page.getByLabel('Code', { exact: true }).waitFor()
      expect(new URL(page.url()).pathname).toBe('/en/signin/reset/confirm_code')

      // A step not reached yet is refused: the URL goes back to the step the user is on.
      await page.goto(`${origin}/en/signin/reset/change_password?inspect=1`)
      await page.waitForURL(/\/en\/signin\/reset\/confirm_code$/)
      await page.getByLabel('Code', { exact: true }).waitFor()
    } finally {
      await context.close()
    }
  })

  it('took every transition of the machine in the browser', () => {
    expectEveryTransitionWalked(model, recorder)
  })
})
