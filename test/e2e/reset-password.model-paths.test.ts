import { expect, it } from 'vitest'
import { describeModelPathsInChromium } from '../support/browser-model-suite'
import { latestCode } from '../support/e2e-journey-helpers'
import { RELOAD_JOURNEY_ACCOUNT, resetPasswordBrowserModel } from './reset-password.browser-model'

describeModelPathsInChromium(resetPasswordBrowserModel, {
  file: import.meta.filename,
  more: ({ e2e, recorder }) => {
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

    it('keeps the new-password step over a reload, and the new password then signs in', async () => {
      const context = await e2e.browser.newContext()
      await recorder.attach(context)
      const page = await context.newPage()
      const origin = e2e.server.origin
      try {
        await page.goto(`${origin}/en/signin/reset?inspect=1`)
        await page.getByLabel('E-mail or phone').fill(RELOAD_JOURNEY_ACCOUNT)
        await page.getByRole('button', { name: 'Send a code' }).click()
        await page.getByLabel('Code', { exact: true }).fill(await latestCode(origin, RELOAD_JOURNEY_ACCOUNT))
        await page.getByRole('button', { name: 'Confirm' }).click()
        await page.waitForURL(/\/en\/signin\/reset\/change_password$/)
        await page.getByLabel('New password', { exact: true }).waitFor()

        // The reloaded page opens the step's URL: the machine, restarted with the token it kept, routes
        // back to the new-password step instead of starting over.
        await page.reload()
        await page.getByLabel('New password', { exact: true }).waitFor()
        expect(new URL(page.url()).pathname).toBe('/en/signin/reset/change_password')

        await page.getByLabel('New password', { exact: true }).fill('a reloaded passphrase')
        await page.getByLabel('Repeat the new password').fill('a reloaded passphrase')
        await page.getByRole('button', { name: 'Save the new password' }).click()
        await page.getByText('Your password has been changed. Sign in with the new one.').waitFor()
        await page.getByLabel('E-mail or phone').fill(RELOAD_JOURNEY_ACCOUNT)
        await page.getByLabel('Password', { exact: true }).fill('a reloaded passphrase')
        await page.getByRole('button', { name: 'Sign in' }).click()
        await page.waitForURL((url) => !url.pathname.startsWith('/en/signin'))
      } finally {
        await context.close()
      }
    })
  },
})
