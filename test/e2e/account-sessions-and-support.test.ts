import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe-check'
import { latestCode, latestMessage, pathOf, signInOnPage } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

const PASSWORD = 'demo12345'

async function signedIn(page: Page, login: string) {
  await page.goto(`${e2e.server.origin}/en/signin`)
  await signInOnPage(page, login, PASSWORD)
}

/** Support finds the demo owner on their home page and signs in as her. */
async function switchToOwner(page: Page) {
  const panel = page.getByRole('region', { name: 'Sign in as a customer' })
  await panel.getByLabel('Name, e-mail or phone').fill('demo@')
  await panel.getByRole('button', { name: 'Find' }).click()
  await panel.getByRole('button', { name: 'Sign in as Anna Demo' }).click()
  await page.getByTestId('acting-as').waitFor()
}

describe('support acting as a customer, in Chromium', () => {
  it("signs in as the owner, sees her workspace under the banner on every page, and returns to support's own view", async () => {
    const context = await e2e.browser.newContext()
    const page = await context.newPage()
    try {
      await signedIn(page, 'support@example.com')
      await page.getByRole('heading', { name: 'Sign in as a customer' }).waitFor()
      expect(await page.getByTestId('acting-as').count()).toBe(0)

      await switchToOwner(page)
      expect(await page.getByTestId('acting-as').textContent()).toContain('You are signed in as Anna Demo')
      await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).first().waitFor()
      await page.getByText('Signed in as Anna Demo', { exact: true }).waitFor()
      // Another workspace page keeps the banner.
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Services', exact: true })
        .click()
      await page.getByRole('heading', { name: 'Services', level: 1 }).waitFor()
      await page.getByTestId('acting-as').waitFor()
      // The owner's own account settings stay hers.
      await page.getByRole('link', { name: 'Security' }).click()
      await page.getByText('only they can change how their account signs in', { exact: false }).waitFor()
      expect(await page.getByLabel('Current password').count()).toBe(0)

      await page.getByRole('button', { name: 'Return to your account' }).click()
      await page.getByRole('heading', { name: 'Sign in as a customer' }).waitFor()
      expect(pathOf(page)).toBe('/en')
      expect(await page.getByTestId('acting-as').count()).toBe(0)
      await page.getByText('Signed in as Sam Support', { exact: true }).waitFor()
      // Back in support's own session, a reload keeps it (the refresh cookie is support's again).
      await page.reload()
      await page.getByRole('heading', { name: 'Sign in as a customer' }).waitFor()
    } finally {
      await context.close()
    }
  })

  it("passes axe on support's home and on a page under the banner, at 390 px too", async () => {
    const context = await e2e.browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    try {
      await signedIn(page, 'support@example.com')
      await page.getByRole('heading', { name: 'Sign in as a customer' }).waitFor()
      const found: string[] = []
      const check = async (label: string) => {
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 })
          for (const violation of await seriousAxeViolations(page))
            found.push(`${width} ${label} ${violation}`)
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
          if (overflow) found.push(`${width} ${label} overflows sideways`)
        }
      }
      const panel = page.getByRole('region', { name: 'Sign in as a customer' })
      await panel.getByLabel('Name, e-mail or phone').fill('example.com')
      await panel.getByRole('button', { name: 'Find' }).click()
      await panel.getByRole('button', { name: 'Sign in as Anna Demo' }).waitFor()
      await check('support home')
      await panel.getByRole('button', { name: 'Sign in as Anna Demo' }).click()
      await page.getByTestId('acting-as').waitFor()
      await page.getByRole('link', { name: 'Security' }).click()
      await page.getByTestId('session').first().waitFor()
      await check('security as the owner')
      expect(found).toEqual([])
    } finally {
      await context.close()
    }
  })
})

describe('the devices signed in, in Chromium', () => {
  it('signs another browser out: its next request goes to sign-in, this one stays', async () => {
    const laptop = await e2e.browser.newContext()
    const phone = await e2e.browser.newContext()
    try {
      const here = await laptop.newPage()
      const there = await phone.newPage()
      await signedIn(there, 'other@example.com')
      await there.getByRole('link', { name: 'Security' }).waitFor()
      await signedIn(here, 'other@example.com')
      await here.getByRole('link', { name: 'Security' }).click()
      const rows = here.getByTestId('session')
      await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
      const other = rows.filter({ hasNotText: 'This device' }).first()
      await other.getByRole('button', { name: /^Sign out / }).click()
      await here.getByText('The device is signed out.').waitFor()
      await expect.poll(() => rows.filter({ hasNotText: 'This device' }).count(), { timeout: 20_000 }).toBe(0)

      // The other browser's next request meets the ended session: its refresh fails too, and it lands on
      // sign-in. (Opening a page; a click inside the app is told "An authorization error has occurred".)
      await there.reload()
      await there.waitForURL(/\/en\/signin/)
      await there.getByRole('heading', { name: 'Sign in' }).waitFor()
      // This browser is still signed in.
      await here.reload()
      await here.getByTestId('session').first().waitFor()
    } finally {
      await laptop.close()
      await phone.close()
    }
  })
})

describe("the company's second-factor rule, in Chromium", () => {
  it('the owner requires a code of owners and managers, and her next sign-in asks for it', async () => {
    const context = await e2e.browser.newContext()
    const page = await context.newPage()
    try {
      await signedIn(page, 'demo@example.com')
      await page.getByRole('link', { name: 'Security' }).click()
      const rule = page.getByRole('region', { name: 'Second factor in Beauty Line — Tverskaya' })
      await rule.getByRole('radio', { name: 'Owners and managers' }).check()
      expect(await rule.getByTestId('policy-change').textContent()).toBe(
        'From their next sign-in, a code by e-mail will be asked of: Anna Demo.',
      )
      await rule.getByRole('button', { name: 'Save the rule' }).click()
      await page.getByText('Saved: Owners and managers.').waitFor()
      // Her own setting now says the company requires it.
      await page
        .getByText(
          'Your company requires a second factor, so you sign in with your password and a code sent by e-mail.',
        )
        .waitFor()

      await page.getByRole('button', { name: 'Sign out', exact: true }).click()
      const before = /\b(\d{6})\b/.exec(
        (await latestMessage(e2e.server.origin, 'demo@example.com'))?.text ?? '',
      )?.[1]
      await signInOnPage(page, 'demo@example.com', PASSWORD)
      await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor()
      await page
        .getByLabel('Code', { exact: true })
        .fill(await latestCode(e2e.server.origin, 'demo@example.com', before))
      await page.getByRole('button', { name: 'Confirm' }).click()
      await page.getByRole('link', { name: 'Security' }).click()
      await rule.getByRole('radio', { name: 'Nobody: each member decides for themselves' }).check()
      await rule.getByRole('button', { name: 'Save the rule' }).click()
      await page.getByText('Saved: Nobody: each member decides for themselves.').waitFor()
    } finally {
      await context.close()
    }
  })
})
