import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe-check'
import { latestCode, latestMessage, pathOf, signInOnPage } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

const DEMO = 'demo@example.com'
const PASSWORD = 'demo12345'

const current = (page: Page) => page.getByTestId('current-two-factor')

/** From any workspace page, through the user menu to the Security page. */
async function openSecurity(page: Page) {
  await page.getByRole('link', { name: 'Security' }).click()
  await page.waitForURL(/\/en\/company\/\d+\/security$/)
  await current(page).waitFor()
}

async function save(page: Page, choice: string, password: string) {
  await page.getByRole('radio', { name: choice }).check()
  await page.getByLabel('Current password').fill(password)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('heading', { name: 'Sign in' }).waitFor()
}

describe('the Security page in Chromium', () => {
  it('switches the demo owner to a code by e-mail, which the next sign-in asks for, and back to off', async () => {
    const context = await e2e.browser.newContext()
    const page = await context.newPage()
    try {
      await page.goto(`${e2e.server.origin}/en/signin`)
      await signInOnPage(page, DEMO, PASSWORD)
      await openSecurity(page)
      expect(await current(page).textContent()).toBe('You sign in with your password alone.')

      // A wrong password changes nothing and the field says why.
      await save(page, 'Code by e-mail', 'not-the-password')
      await page.getByText('The password is wrong.').waitFor()
      expect(await current(page).textContent()).toBe('You sign in with your password alone.')

      await save(page, 'Code by e-mail', PASSWORD)
      await current(page).getByText('You sign in with your password and a code sent by e-mail.').waitFor()
      await page.getByText('Saved: Code by e-mail.').waitFor()

      await signOut(page)
      const before = (await latestMessage(e2e.server.origin, DEMO))?.text
      const previousCode = before ? /\b(\d{6})\b/.exec(before)?.[1] : undefined
      await signInOnPage(page, DEMO, PASSWORD)
      await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor()
      expect(pathOf(page)).toBe('/en/signin/2fa')
      await page
        .getByLabel('Code', { exact: true })
        .fill(await latestCode(e2e.server.origin, DEMO, previousCode))
      await page.getByRole('button', { name: 'Confirm' }).click()

      await openSecurity(page)
      await current(page).getByText('You sign in with your password and a code sent by e-mail.').waitFor()
      await save(page, 'Off', PASSWORD)
      await current(page).getByText('You sign in with your password alone.').waitFor()

      // Off again: the password alone signs in.
      await signOut(page)
      await signInOnPage(page, DEMO, PASSWORD)
      await page.getByRole('link', { name: 'Security' }).waitFor()
      expect(pathOf(page)).toBe('/en')
    } finally {
      await context.close()
    }
  })

  it('passes axe and fits a phone, in English and Russian', async () => {
    // The app's Content-Security-Policy forbids inline scripts, axe's included; the check alone may bypass it.
    const context = await e2e.browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    try {
      await page.goto(`${e2e.server.origin}/en/signin`)
      await signInOnPage(page, DEMO, PASSWORD)
      await openSecurity(page)
      const path = pathOf(page)
      const found: string[] = []
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        for (const address of [path, path.replace(/^\/en/, '')]) {
          await page.goto(`${e2e.server.origin}${address}`)
          await current(page).waitFor()
          // The note the app choice brings, and the one naming whom a new company rule reaches, are part of
          // the page too; the devices and the company's rule load with it.
          await page.locator('input[name="two-factor"]').last().check()
          await page.locator('input[name="company-two-factor"]').last().check()
          await page.getByRole('note').nth(1).waitFor()
          await page.getByTestId('session').first().waitFor()
          for (const violation of await seriousAxeViolations(page))
            found.push(`${width} ${address} ${violation}`)
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
          if (overflow) found.push(`${width} ${address} overflows sideways`)
        }
      }
      expect(found).toEqual([])
    } finally {
      await context.close()
    }
  })
})
