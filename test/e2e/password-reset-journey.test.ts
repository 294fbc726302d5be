import { describe, expect, it } from 'vitest'
import { latestCode, pathOf, signInOnPage } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

describe('password reset in the browser', () => {
  it('resets the password with an e-mail code, then signs in with the new one', async () => {
    const context = await e2e.browser.newContext()
    const page = await context.newPage()
    // A step opened directly starts the flow at its beginning.
    await page.goto(`${e2e.server.origin}/en/signin/reset/change_password`)
    await page.getByRole('button', { name: 'Send a code' }).waitFor()
    expect(pathOf(page)).toBe('/en/signin/reset/send_code')

    await page.goto(`${e2e.server.origin}/en/signin`)
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await page.getByLabel('E-mail or phone').fill('demo@example.com')
    await page.getByRole('button', { name: 'Send a code' }).click()
    await page.getByLabel('Code', { exact: true }).waitFor()
    expect(pathOf(page)).toBe('/en/signin/reset/confirm_code')
    await page.getByText(/You can ask for a new code in \d+ s\./).waitFor()

    await page
      .getByLabel('Code', { exact: true })
      .fill(await latestCode(e2e.server.origin, 'demo@example.com'))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.getByLabel('New password', { exact: true }).waitFor()
    expect(pathOf(page)).toBe('/en/signin/reset/change_password')

    await page.getByLabel('New password', { exact: true }).fill('password1')
    await page.getByLabel('Repeat the new password').fill('password1')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await page.getByText('This password is too common. Choose another one.').waitFor()

    await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase')
    await page.getByLabel('Repeat the new password').fill('a brand new passphrase')
    await page.getByRole('button', { name: 'Save the new password' }).click()
    await page.getByText('Your password has been changed. Sign in with the new one.').waitFor()
    expect(pathOf(page)).toBe('/en/signin')

    await signInOnPage(page, 'demo@example.com', 'a brand new passphrase')
    await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
    await context.close()
  })
})
