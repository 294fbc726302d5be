import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe-check'
import { pathOf, signInOnPage } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

const PASSWORD = 'demo12345'

/** Signs in and opens Working hours from the navigation of the account's first salon. */
async function openWorkingHours(page: Page, login: string) {
  await page.goto(`${e2e.server.origin}/en/signin`)
  await signInOnPage(page, login, PASSWORD)
  await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Working hours' })
    .click()
  await page.waitForURL(/\/en\/company\/\d+\/working-hours$/)
  await page.getByRole('heading', { name: 'Staff working hours' }).waitFor()
}

const staffRow = (page: Page, name: string) => page.getByRole('listitem', { name })

describe('working hours in Chromium', () => {
  it("lets the owner give a specialist her own week, which she then sees read-only, and put her back on the salon's", async () => {
    const owner = await e2e.browser.newContext()
    const specialist = await e2e.browser.newContext()
    try {
      const page = await owner.newPage()
      await openWorkingHours(page, 'demo@example.com')
      // The demo salon's hours as the seed set them, and a colleague who already has a week of her own.
      const hours = page.getByRole('form', { name: 'Opening hours' })
      expect(await hours.getByLabel('Until (Monday)').inputValue()).toBe('21:00')
      await staffRow(page, 'Olga Petrova')
        .getByText(/^Own hours: Tue 11:00–20:00; Wed 10:00–14:00, 16:00–21:00/)
        .waitFor()
      const maria = staffRow(page, 'Maria Ivanova')
      await maria.getByText('Salon hours: Mon–Fri 10:00–21:00; Sat, Sun 10:00–18:00').waitFor()

      // Maria works Monday to Thursday, with a lunch break on Monday.
      await maria.getByRole('button', { name: 'Set hours for Maria Ivanova' }).click()
      const form = page.getByRole('form', { name: "Maria Ivanova's hours" })
      for (const day of ['Friday', 'Saturday', 'Sunday'])
        await form.getByRole('checkbox', { name: day }).uncheck()
      await form.getByLabel('Until (Monday)').fill('13:00')
      await form.getByRole('button', { name: 'Add a break on Monday' }).click()
      await form.getByLabel('From (Monday)').nth(1).fill('14:00')
      await form.getByLabel('Until (Monday)').nth(1).fill('21:00')
      await form.getByRole('button', { name: 'Save' }).click()
      await page.getByText("Maria Ivanova's hours are saved.").waitFor()
      const ownWeek = 'Own hours: Mon 10:00–13:00, 14:00–21:00; Tue–Thu 10:00–21:00'
      await maria.getByText(ownWeek).waitFor()
      await page.reload()
      await staffRow(page, 'Maria Ivanova').getByText(ownWeek).waitFor()

      // Maria herself, a specialist, sees the week the owner set and no control to change it.
      const herPage = await specialist.newPage()
      await openWorkingHours(herPage, 'master@example.com')
      await staffRow(herPage, 'Maria Ivanova').getByText(ownWeek).waitFor()
      await herPage.getByText("You can see the staff's hours but not change them", { exact: false }).waitFor()
      expect(await herPage.getByRole('form', { name: 'Opening hours' }).count()).toBe(0)
      expect(
        await herPage.getByRole('button', { name: /Set hours|Use the salon's hours|Save/ }).count(),
      ).toBe(0)

      // The owner puts her back on the salon's hours.
      await staffRow(page, 'Maria Ivanova')
        .getByRole('button', { name: "Use the salon's hours for Maria Ivanova" })
        .click()
      await page.getByText("Maria Ivanova works the salon's hours again.").waitFor()
      await herPage.reload()
      await staffRow(herPage, 'Maria Ivanova')
        .getByText('Salon hours: Mon–Fri 10:00–21:00; Sat, Sun 10:00–18:00')
        .waitFor()
    } finally {
      await owner.close()
      await specialist.close()
    }
  })

  it('gives a staff member a day off and shorter hours on another day, kept over a reload, and takes one back', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await openWorkingHours(page, 'demo@example.com')
      const olga = staffRow(page, 'Olga Petrova')
      const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)
      const changeDay = async (date: string, hours?: { from: string; until: string }) => {
        await olga.getByRole('button', { name: 'Change one day for Olga Petrova' }).click()
        const form = olga.getByRole('form', { name: 'Change one day for Olga Petrova' })
        await form.getByLabel('Date').fill(date)
        if (hours) {
          await form.getByRole('radio', { name: 'Other hours' }).check()
          await form.getByLabel('From').fill(hours.from)
          await form.getByLabel('Until').fill(hours.until)
        }
        await form.getByRole('button', { name: 'Save the day' }).click()
        await page
          .getByText(/^The change of .* for Olga Petrova is saved\.$/)
          .last()
          .waitFor()
      }
      await changeDay(inDays(3))
      await changeDay(inDays(4), { from: '12:00', until: '16:30' })

      await page.reload()
      const changed = page
        .getByRole('listitem', { name: 'Olga Petrova' })
        .getByRole('list', { name: 'Changed days of Olga Petrova' })
      await changed.getByText(/: day off$/).waitFor()
      await changed.getByText(/: 12:00–16:30$/).waitFor()
      expect(await changed.getByRole('listitem').count()).toBe(2)

      await changed
        .getByRole('button', { name: /^Take back the change of .*/ })
        .first()
        .click()
      await page.getByText(/^Olga Petrova works the usual hours on .*\.$/).waitFor()
      await page.reload()
      await changed.getByText(/: 12:00–16:30$/).waitFor()
      expect(await changed.getByText(/: day off$/).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('refuses a week with overlapping stretches before sending it, and keeps the saved week', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await openWorkingHours(page, 'demo@example.com')
      const hours = page.getByRole('form', { name: 'Opening hours' })
      await hours.getByRole('button', { name: 'Add a break on Tuesday' }).click()
      await hours.getByLabel('From (Tuesday)').nth(1).fill('20:00')
      await hours.getByRole('button', { name: 'Save' }).click()
      await hours.getByText('Stretches of one day must not overlap.').waitFor()
      await page.reload()
      const reloaded = page.getByRole('form', { name: 'Opening hours' })
      await reloaded.getByLabel('From (Monday)').waitFor()
      expect(await reloaded.getByLabel('From (Tuesday)').count()).toBe(1)
    } finally {
      await context.close()
    }
  })

  it('passes axe and fits a phone, in English and Russian, with a staff week and a changed day open', async () => {
    // The app's Content-Security-Policy forbids inline scripts, axe's included; the check alone may bypass it.
    const context = await e2e.browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    try {
      await openWorkingHours(page, 'demo@example.com')
      const path = pathOf(page)
      const found: string[] = []
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        for (const address of [path, path.replace(/^\/en/, '')]) {
          await page.goto(`${e2e.server.origin}${address}`)
          await page.getByRole('heading', { name: /Staff working hours|Графики сотрудников/ }).waitFor()
          await page
            .getByRole('button', { name: /Set hours for Olga Petrova|Задать график: Olga Petrova/ })
            .click()
          await page
            .getByRole('button', { name: /Change one day for Olga Petrova|Изменить один день: Olga Petrova/ })
            .click()
          await page.getByLabel(/^(Date|Дата)$/).waitFor()
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
