import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe-check'
import { pathOf, signInOnPage, untilLoaded } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

/** Signs an owner in (the demo owner unless named) and opens a section of their first company's navigation. */
async function openSection(
  page: Page,
  link: string,
  path: string,
  owner = { login: 'demo@example.com', company: 'Beauty Line — Tverskaya' },
) {
  await page.goto(`${e2e.server.origin}/en/signin`)
  await signInOnPage(page, owner.login, 'demo12345')
  await page.getByRole('heading', { name: owner.company }).waitFor()
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: link }).click()
  await page.waitForURL(new RegExp(`/en/company/\\d+/${path}$`))
  await page.getByRole('heading', { name: link, level: 1 }).waitFor()
}

const methodTitles = (page: Page) =>
  page
    .getByRole('form', { name: 'Payment methods' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))

describe('company settings in Chromium', () => {
  it('lets the owner create and rename a position, and says who keeps a used one from going', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await openSection(page, 'Positions', 'positions')
      await page
        .getByRole('listitem', { name: 'Stylist' })
        .getByText(/linked service/)
        .waitFor()

      await page.getByRole('textbox', { name: 'New position' }).fill('Massage therapist')
      await page.getByRole('button', { name: 'Create' }).click()
      await page.getByText('Position "Massage therapist" created.').waitFor()
      await page.getByRole('button', { name: 'Rename Massage therapist' }).click()
      const rename = page.getByRole('form', { name: 'Rename Massage therapist' })
      await rename.getByLabel('Title').fill('Masseur')
      await rename.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('listitem', { name: 'Masseur' }).getByText('no linked services').waitFor()

      await page.getByRole('button', { name: 'Delete Stylist' }).click()
      await page
        .getByRole('alertdialog', { name: 'Delete Stylist' })
        .getByRole('button', { name: 'Delete' })
        .click()
      const refusal = page.getByRole('alertdialog', { name: 'Delete Stylist' })
      await refusal.getByText('"Stylist" cannot be deleted while people hold it.', { exact: false }).waitFor()
      await refusal.getByText(/^Staff members: .+\.$/).waitFor()
      await page.reload()
      await page.getByRole('listitem', { name: 'Stylist' }).waitFor()
      await page.getByRole('listitem', { name: 'Masseur' }).waitFor()
    } finally {
      await context.close()
    }
  })

  it('keeps a reordered, switched-off payment method and a new pin after a reload', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await openSection(page, 'Payment methods', 'payment-methods')
      expect(await methodTitles(page)).toEqual(['Cash', 'Bank card', 'Bank transfer'])
      const form = page.getByRole('form', { name: 'Payment methods' })
      await form.getByRole('button', { name: 'Move Bank transfer up' }).click()
      await form.getByRole('checkbox', { name: 'Bank card' }).uncheck()
      await form.getByRole('button', { name: 'Save payment methods' }).click()
      await page.getByText('The payment methods are saved.').waitFor()

      const pins = page.getByRole('group', { name: 'Payment methods pinned at the cash desk' })
      await pins.getByRole('checkbox', { name: 'Bank transfer' }).check()
      await expect.poll(() => pins.getByRole('checkbox', { name: 'Bank transfer' }).isEnabled()).toBe(true)

      await page.reload()
      await page.getByRole('heading', { name: 'Payment methods', level: 1 }).waitFor()
      expect(await methodTitles(page)).toEqual(['Cash', 'Bank transfer', 'Bank card'])
      expect(await form.getByRole('checkbox', { name: 'Bank card' }).isChecked()).toBe(false)
      expect(await form.getByRole('checkbox', { name: 'Cash' }).isChecked()).toBe(true)
      expect(await pins.getByRole('checkbox', { name: 'Bank transfer' }).isChecked()).toBe(true)
    } finally {
      await context.close()
    }
  })

  it('lets the owner of a company without a licence start the trial once', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await openSection(page, 'Licence', 'licence', {
        login: 'other@example.com',
        company: 'Northern Barbers',
      })
      await page.getByText('The company has no licence yet.').waitFor()
      await page.getByRole('button', { name: 'Start the free trial' }).click()
      await page.getByText('The 14-day trial has started.').waitFor()
      await page.reload()
      await page.getByRole('heading', { name: 'Licence', level: 1 }).waitFor()
      await page.getByText('Trial', { exact: true }).waitFor()
      expect(await page.getByRole('button', { name: 'Start the free trial' }).count()).toBe(0)
      await page.getByRole('form', { name: 'Add staff seats' }).waitFor()
    } finally {
      await context.close()
    }
  })

  it('passes axe and fits a phone on each settings page, in English and Russian', async () => {
    // The app's Content-Security-Policy forbids inline scripts, axe's included; the check alone may bypass it.
    const context = await e2e.browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    try {
      await openSection(page, 'Positions', 'positions')
      const companyPath = pathOf(page).replace(/\/positions$/, '')
      const found: string[] = []
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        for (const section of ['positions', 'payment-methods', 'licence']) {
          for (const address of [
            `${companyPath}/${section}`,
            `${companyPath.replace(/^\/en/, '')}/${section}`,
          ]) {
            await page.goto(`${e2e.server.origin}${address}`)
            await page.getByRole('heading', { level: 1 }).first().waitFor()
            await untilLoaded(page)
            for (const violation of await seriousAxeViolations(page))
              found.push(`${width} ${address} ${violation}`)
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth > window.innerWidth,
            )
            if (overflow) found.push(`${width} ${address} overflows sideways`)
          }
        }
      }
      expect(found).toEqual([])
    } finally {
      await context.close()
    }
  })
})
