import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe-check'
import { pathOf, signInOnPage } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

const PASSWORD = 'demo12345'

/** Signs in and opens Staff from the navigation of the account's first salon. */
async function openStaff(page: Page, login: string) {
  await page.goto(`${e2e.server.origin}/en/signin`)
  await signInOnPage(page, login, PASSWORD)
  await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }).click()
  await page.waitForURL(/\/en\/company\/\d+\/staff$/)
  await page.getByRole('heading', { name: 'Staff', level: 1 }).waitFor()
}

const staffLinks = (page: Page) => page.locator('.staff-row__name').allTextContents()
const lifecycle = (page: Page) => page.getByRole('region', { name: 'Work at the salon' })

describe('the team in Chromium', () => {
  it('lets the owner add, rename, dismiss and bring back a staff member, kept over a reload and Back', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await openStaff(page, 'demo@example.com')
      const listPath = pathOf(page)
      expect(await staffLinks(page)).toContain('Olga Petrova')

      // Added by name, speciality and position; a new member goes to the top of the list.
      const add = page.getByRole('form', { name: 'Add a staff member' })
      await add.getByLabel('Name').fill('Nadia Kuzmina')
      await add.getByLabel('Speciality').fill('Brow artist')
      await add.getByLabel('Position').selectOption({ label: 'Stylist' })
      await add.getByRole('button', { name: 'Add' }).click()
      await page.getByRole('link', { name: 'Nadia Kuzmina' }).waitFor()
      expect((await staffLinks(page))[0]).toBe('Nadia Kuzmina')
      await page.getByText('Stylist · Brow artist').waitFor()

      // Renamed on her card.
      await page.getByRole('link', { name: 'Nadia Kuzmina' }).click()
      await page.waitForURL(/\/staff\/\d+$/)
      const cardPath = pathOf(page)
      const nameForm = page.getByRole('form', { name: 'Name' })
      await nameForm.getByLabel('Name').fill('')
      await nameForm.getByRole('button', { name: 'Save the name' }).click()
      await nameForm.getByText("Enter the staff member's name.").waitFor()
      await nameForm.getByLabel('Name').fill('Nadia Orlova')
      await nameForm.getByRole('button', { name: 'Save the name' }).click()
      await page.getByText('The name is saved.').waitFor()
      await page.getByRole('heading', { name: 'Nadia Orlova', level: 1 }).waitFor()

      // Dismissed: the question says what it touches first.
      await lifecycle(page).getByRole('button', { name: 'Dismiss' }).click()
      const question = page.getByRole('form', { name: 'Dismiss Nadia Orlova' })
      await question.getByText('Nadia Orlova performs no services, so no booking is affected.').waitFor()
      await question.getByLabel('Last working day').fill('2026-11-20')
      await question.getByLabel('Reason (optional)').fill('Moved to another city')
      await question.getByRole('button', { name: 'Dismiss' }).click()
      await lifecycle(page).getByText('Nadia Orlova was dismissed on November 20, 2026.').waitFor()
      await lifecycle(page).getByText('Reason: Moved to another city').waitFor()

      // Listed under the dismissed staff only, which the address keeps over a reload.
      await page.getByRole('link', { name: 'Back to the staff' }).click()
      await page.waitForURL((url) => url.pathname === listPath)
      expect(await staffLinks(page)).not.toContain('Nadia Orlova')
      await page
        .getByRole('navigation', { name: 'Staff lists' })
        .getByRole('link', { name: 'Dismissed' })
        .click()
      await page.waitForURL((url) => url.searchParams.get('tab') === 'dismissed')
      await page.getByRole('link', { name: 'Nadia Orlova' }).waitFor()
      await page.reload()
      await page.getByRole('link', { name: 'Nadia Orlova' }).waitFor()
      expect(await staffLinks(page)).toEqual(['Nadia Orlova'])

      // Brought back from her card; Back returns to the dismissed list, where she is no longer.
      await page.getByRole('link', { name: 'Nadia Orlova' }).click()
      await page.waitForURL((url) => url.pathname === cardPath)
      await lifecycle(page).getByRole('button', { name: 'Bring back to work' }).click()
      await lifecycle(page).getByText('Nadia Orlova is working at the salon.').waitFor()
      await page.reload()
      await lifecycle(page).getByText('Nadia Orlova is working at the salon.').waitFor()
      await page.goBack()
      await page.waitForURL((url) => url.searchParams.get('tab') === 'dismissed')
      await page.getByText('No one has been dismissed.').waitFor()
      await page
        .getByRole('navigation', { name: 'Staff lists' })
        .getByRole('link', { name: 'Working' })
        .click()
      await page.getByRole('link', { name: 'Nadia Orlova' }).waitFor()

      // The search is in the address too.
      await page.getByLabel('Search by name').fill('nadia')
      await page.waitForURL((url) => url.searchParams.get('q') === 'nadia')
      await page.reload()
      await page.getByRole('link', { name: 'Nadia Orlova' }).waitFor()
      expect(await staffLinks(page)).toEqual(['Nadia Orlova'])

      // The service filter narrows the list to those who perform it, and the address keeps it over a reload.
      await page.getByLabel('Search by name').fill('')
      await page.waitForURL((url) => !url.searchParams.has('q'))
      expect(await staffLinks(page)).toContain('Olga Petrova')
      await page.getByLabel('Filter by service').selectOption({ label: 'Classic manicure' })
      await page.waitForURL((url) => url.searchParams.has('service'))
      // The list settles on the filtered answer (it may pass through the unfiltered one while the reply is on its way).
      await expect
        .poll(() => staffLinks(page), { timeout: 15_000 })
        .toSatisfy(
          (names: string[]) =>
            names.includes('Elena Smirnova') &&
            !names.includes('Olga Petrova') &&
            !names.includes('Nadia Orlova'),
        )
      const manicurists = await staffLinks(page)
      await page.reload()
      await page.getByRole('link', { name: 'Elena Smirnova' }).waitFor()
      expect(await staffLinks(page)).toEqual(manicurists)
      // The choice comes back once the services to choose from have loaded.
      await expect
        .poll(() => page.getByLabel('Filter by service').inputValue(), { timeout: 15_000 })
        .toBe(new URL(page.url()).searchParams.get('service'))
    } finally {
      await context.close()
    }
  })

  it('shows the specialist the team without any control to change it', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await openStaff(page, 'master@example.com')
      await page.getByText('You can see the staff but not change them', { exact: false }).waitFor()
      expect(await staffLinks(page)).toContain('Olga Petrova')
      expect(await page.getByRole('form', { name: 'Add a staff member' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: /Drag|Move/ }).count()).toBe(0)
      await page.getByRole('link', { name: 'Olga Petrova' }).click()
      await page.getByRole('heading', { name: 'Olga Petrova', level: 1 }).waitFor()
      await page.getByText('You can see this staff member but not change them', { exact: false }).waitFor()
      await lifecycle(page).getByText('Olga Petrova is working at the salon.').waitFor()
      expect(await page.getByRole('button', { name: /Dismiss|Delete|Save|Remove/ }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it(
    'passes axe and fits a phone, in English and Russian, on the list and a card',
    { timeout: 300_000 },
    async () => {
      // The app's Content-Security-Policy forbids inline scripts, axe's included; the check alone may bypass it.
      const context = await e2e.browser.newContext({ bypassCSP: true })
      const page = await context.newPage()
      try {
        await openStaff(page, 'demo@example.com')
        const listPath = pathOf(page)
        await page.getByRole('link', { name: 'Olga Petrova' }).click()
        await page.waitForURL(/\/staff\/\d+$/)
        const cardPath = pathOf(page)
        const found: string[] = []
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 900 })
          for (const address of [
            listPath,
            listPath.replace(/^\/en/, ''),
            cardPath,
            cardPath.replace(/^\/en/, ''),
          ]) {
            await page.goto(`${e2e.server.origin}${address}`)
            await page.getByRole('heading', { level: 1, name: /Staff|Сотрудники|Olga Petrova/ }).waitFor()
            if (address.includes('/staff/')) {
              // The dismissal question open, with what it touches.
              await lifecycle(page)
                .or(page.getByRole('region', { name: 'Работа в салоне' }))
                .getByRole('button', { name: /^(Dismiss|Уволить)$/ })
                .click()
              // What it touches is read first, which on a loaded machine can take a while.
              await page
                .getByRole('form', { name: /Dismiss Olga Petrova|Уволить сотрудника Olga Petrova/ })
                .waitFor({ timeout: 60_000 })
            }
            for (const violation of await seriousAxeViolations(page))
              found.push(`${width} ${address} ${violation}`)
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth > window.innerWidth,
            )
            if (overflow) found.push(`${width} ${address} overflows sideways`)
          }
        }
        expect(found).toEqual([])
      } finally {
        await context.close()
      }
    },
  )
})
