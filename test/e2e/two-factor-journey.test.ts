import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { apiCall, latestCode, pathOf, signInOnPage } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

describe('second factor in the browser', () => {
  it('signs in with a code sent by e-mail', async () => {
    const context = await e2e.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${e2e.server.origin}/en/signin`)
    await signInOnPage(page, 'twofa@example.com', 'demo12345')
    await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor()
    expect(pathOf(page)).toBe('/en/signin/2fa')
    await page.getByText('We sent a code to t***@example.com.').waitFor()
    // The refresh countdown runs.
    await page.getByText(/You can ask for a new code in \d+ s\./).waitFor()

    await page.getByLabel('Code', { exact: true }).fill('000000')
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page
      .getByRole('alert')
      .getByText(/The code is wrong|Attempts left/)
      .waitFor()

    await page
      .getByLabel('Code', { exact: true })
      .fill(await latestCode(e2e.server.origin, 'twofa@example.com'))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.getByRole('heading', { name: 'Northern Barbers' }).waitFor()
    expect(pathOf(page)).toBe('/en')
    await context.close()
  })

  it('sets up the authenticator app, then signs in with a TOTP code', async () => {
    const signedIn = await apiCall<{ access_token: string }>(e2e.server.origin, '/auth', {
      body: { login: 'other@example.com', password: 'demo12345' },
    })
    const chosen = await apiCall(e2e.server.origin, '/user/2fa', {
      method: 'PUT',
      token: signedIn.data.access_token,
      body: { two_factor: 'totp', password: 'demo12345' },
    })
    expect(chosen.status).toBe(200)

    const context = await e2e.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${e2e.server.origin}/en/signin`)
    await signInOnPage(page, 'other@example.com', 'demo12345')
    await page.getByRole('heading', { name: 'Set up the authenticator app' }).waitFor()
    expect(pathOf(page)).toBe('/en/signin/2fa')
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })

    await page.getByLabel('Code from the app').fill(totp.generate())
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.getByTestId('recovery-codes').waitFor()
    expect(await page.getByTestId('recovery-codes').locator('li').count()).toBe(10)
    await page.getByRole('button', { name: 'I have saved the codes' }).click()
    await page.getByRole('heading', { name: 'Northern Barbers' }).waitFor()

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    await signInOnPage(page, 'other@example.com', 'demo12345')
    await page
      .getByText('Enter the code from your authenticator app, or one of your recovery codes.')
      .waitFor()
    // The code of the set-up's time step was used up; the next step is within the allowed skew.
    await page.getByLabel('Code', { exact: true }).fill(totp.generate({ timestamp: Date.now() + 30_000 }))
    await page.getByRole('button', { name: 'Confirm' }).click()
    await page.getByRole('heading', { name: 'Northern Barbers' }).waitFor()
    await context.close()
  })
})
