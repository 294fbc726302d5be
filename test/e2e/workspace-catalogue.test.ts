import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe-check'
import { launchBrowser } from '../support/browser'
import { startServer, type RunningServer } from '../support/e2e-server'
import { pathOf, signInOnPage, untilLoaded } from '../support/e2e-journey-helpers'
import { answerNewerTable, registerPhone, uniquePhone } from '../support/onboarding-journey-driver'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer({})
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  const exitCode = await server?.stop()
  expect(exitCode).toBe(0)
})

/** A brand-new owner: registered through the newer table, on the new company's overview. */
async function registerOwner(page: Page, name: string, company: string) {
  await registerPhone(page, server.origin, 'new', uniquePhone())
  await answerNewerTable(page, { name, company })
  await page.getByRole('heading', { name: 'Registration complete' }).waitFor()
  await page.getByRole('link', { name: 'Go to your account' }).click()
  await page.getByRole('heading', { name: company }).waitFor()
}

const checklist = (page: Page) => page.getByRole('region', { name: 'Get your salon ready' })

describe('the workspace catalogue in Chromium', () => {
  it('takes a new owner from the setup checklist to a category, services, a staff member and opening hours, kept over reloads', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      await registerOwner(page, 'Rita', 'Rita Nails')
      await checklist(page).getByText('0 of 4 done').waitFor()

      // The first item leads to the categories, where the first category is made.
      await checklist(page).getByRole('link', { name: 'Create the first service category' }).click()
      await page.waitForURL(/\/en\/company\/\d+\/categories$/)
      const companyPath = pathOf(page).replace(/\/categories$/, '')
      await page.getByText('There are no categories yet.', { exact: false }).waitFor()
      await page.getByRole('textbox', { name: 'New category', exact: true }).fill('Nails')
      await page.getByRole('button', { name: 'Create' }).click()
      await page.getByRole('listitem').filter({ hasText: 'Nails' }).getByText('0 services').waitFor()
      // A second category, moved above the first: the order survives a reload.
      await page.getByRole('textbox', { name: 'New category', exact: true }).fill('Hands')
      await page.getByRole('button', { name: 'Create' }).click()
      await page.getByRole('button', { name: 'Move Hands up' }).waitFor()
      const order = () => page.locator('.category-row__title').allTextContents()
      const before = await order()
      expect(before).toEqual(expect.arrayContaining(['Nails', 'Hands']))
      const lower = before.indexOf('Hands') > before.indexOf('Nails') ? 'Hands' : 'Nails'
      await page.getByRole('button', { name: `Move ${lower} up` }).click()
      await expect.poll(order, { timeout: 20_000 }).toEqual([...before].reverse())
      await page.reload()
      await expect.poll(order, { timeout: 20_000 }).toEqual([...before].reverse())

      // A service: an empty title is refused with a sentence, then the service is created.
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Services', exact: true })
        .click()
      await page.getByText('There are no services yet.', { exact: false }).waitFor()
      await page.getByRole('link', { name: 'New service' }).click()
      await page.waitForURL(/\/services\/new$/)
      await page.getByRole('button', { name: 'Create the service' }).click()
      await page.getByText("Enter the service's title.").waitFor()
      await page.getByLabel('Title', { exact: true }).fill('Classic manicure')
      await page.getByLabel('Hours').fill('1')
      await page.getByLabel('Minutes', { exact: true }).fill('15')
      await page.getByLabel('From').fill('1200')
      await page.getByRole('button', { name: 'Create the service' }).click()
      // Saved: the list, in place of the form.
      await page.waitForURL((url) => url.pathname === `${companyPath}/services`)
      const row = page.getByRole('listitem').filter({ hasText: 'Classic manicure' })
      await row.getByText('1 h 15 min').waitFor()
      await row.getByText('1 200 ₽').waitFor()

      // A second service, then the first one edited: a price range.
      await page.getByRole('link', { name: 'New service' }).click()
      await page.getByLabel('Title', { exact: true }).fill('Gel polish')
      await page.getByLabel('Hours').fill('1')
      await page.getByLabel('Minutes', { exact: true }).fill('30')
      await page.getByLabel('From').fill('2200')
      await page.getByRole('button', { name: 'Create the service' }).click()
      await page.getByRole('listitem').filter({ hasText: 'Gel polish' }).waitFor()
      await row.getByRole('link', { name: 'Classic manicure' }).click()
      await page.waitForURL(/\/services\/\d+$/)
      const editorPath = pathOf(page)
      await page.getByLabel('Up to (leave empty for one price)').fill('1500')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await row.getByText('1 200–1 500 ₽').waitFor()

      // Reload and Back land on screens that show what was saved.
      await page.reload()
      await row.getByText('1 200–1 500 ₽').waitFor()
      await page.goBack()
      expect(pathOf(page)).not.toBe(editorPath)
      await page.goto(`${server.origin}${editorPath}`)
      expect(await page.getByLabel('Up to (leave empty for one price)').inputValue()).toBe('1500')

      // Tick one service and move it to the other category, after the question.
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Services', exact: true })
        .click()
      const from = await page
        .locator('.service-group')
        .filter({ hasText: 'Gel polish' })
        .locator('h2')
        .textContent()
      const to = from === 'Nails' ? 'Hands' : 'Nails'
      await page.getByLabel('Tick Gel polish').check()
      await page.getByLabel('Move to').selectOption({ label: to })
      await page.getByRole('button', { name: 'Move', exact: true }).click()
      await page.getByRole('heading', { name: `Move these services to "${to}"?` }).waitFor()
      await page.getByRole('button', { name: 'Yes, do it' }).click()
      await page.getByRole('region', { name: to }).getByRole('link', { name: 'Gel polish' }).waitFor()
      // Done: nothing is left ticked (the list may show the move a moment before the bar settles).
      await expect.poll(() => page.getByLabel('Tick Gel polish').isChecked(), { timeout: 20_000 }).toBe(false)

      // A composite of the two, 10% off their sum: ready once both parts are in.
      await page.getByRole('link', { name: 'New composite service' }).click()
      await page.waitForURL(/\/services\/new-composite$/)
      await page.getByLabel('Title', { exact: true }).fill('Manicure and polish')
      for (const part of ['Classic manicure', 'Gel polish']) {
        await page.getByLabel('Service to add').selectOption({ label: part })
        await page.getByRole('button', { name: 'Add the part' }).click()
      }
      await page.getByText('Ready: clients can book it.').waitFor()
      await page.getByLabel('Discount on the sum of the parts, %').fill('10')
      await page.getByText('Takes 2 h 45 min and costs 3 060–3 330 ₽.').waitFor()
      await page.getByRole('button', { name: 'Create the service' }).click()
      await page.waitForURL((url) => url.pathname === `${companyPath}/services`)
      const composite = page.getByRole('listitem').filter({ hasText: 'Manicure and polish' })
      await composite.getByText('composite', { exact: true }).waitFor()
      await composite.getByText('3 060–3 330 ₽').waitFor()
      // Gel polish is switched off: clients can no longer book the composite, and the list says so.
      await page.getByLabel('Tick Gel polish').check()
      await page.getByRole('button', { name: 'Deactivate' }).click()
      await page.getByRole('button', { name: 'Yes, do it' }).click()
      await composite.getByText('composite, not configured').waitFor()
      await composite.getByRole('link', { name: 'Manicure and polish' }).click()
      await page.getByText('Not active: Gel polish.', { exact: false }).waitFor()
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Services', exact: true })
        .click()

      // The checklist ticked two items from the data; the third is a staff member, added on the overview.
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Overview' }).click()
      await checklist(page).getByText('2 of 4 done').waitFor()
      await checklist(page).getByLabel('Name').fill('Dasha')
      await checklist(page).getByRole('button', { name: 'Add' }).click()
      await checklist(page).getByText('3 of 4 done').waitFor()

      // The last item is the working settings: the salon's opening hours, Monday to Saturday from nine.
      await checklist(page).getByRole('link', { name: "Set the salon's opening hours" }).click()
      await page.waitForURL((url) => url.pathname === `${companyPath}/working-hours`)
      const hours = page.getByRole('form', { name: 'Opening hours' })
      for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'])
        await hours.getByRole('checkbox', { name: day }).check()
      await hours.getByLabel('From (Monday)').fill('09:00')
      await hours.getByRole('button', { name: 'Copy Monday to every working day' }).click()
      await hours.getByRole('button', { name: 'Save' }).click()
      await page.getByText('The opening hours are saved.').waitFor()
      // Dasha works the salon's hours until she is given her own; a reload shows the week as saved.
      await page.reload()
      const savedHours = page.getByRole('form', { name: 'Opening hours' })
      expect(await savedHours.getByLabel('From (Saturday)').inputValue()).toBe('09:00')
      expect(await savedHours.getByRole('checkbox', { name: 'Sunday' }).isChecked()).toBe(false)
      await page
        .getByRole('listitem', { name: 'Dasha' })
        .getByText('Salon hours: Mon–Sat 09:00–20:00')
        .waitFor()

      // Everything is done: Back leads to the overview without the checklist, and a reload keeps it gone.
      await page.goBack()
      await page.waitForURL((url) => url.pathname === companyPath)
      await page.getByRole('heading', { name: 'Rita Nails' }).waitFor()
      await untilLoaded(page)
      expect(await checklist(page).count()).toBe(0)
      await page.reload()
      await page.getByRole('heading', { name: 'Rita Nails' }).waitFor()
      await untilLoaded(page)
      expect(await checklist(page).count()).toBe(0)

      // Dasha performs the manicure for her own price; the editor shows it again after a reload.
      await page.goto(`${server.origin}${editorPath}`)
      await page.getByLabel('Dasha', { exact: true }).check()
      await page.getByLabel('Dasha, Own price').fill('1400')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await page.waitForURL((url) => url.pathname === `${companyPath}/services`)
      await page.goto(`${server.origin}${editorPath}`)
      expect(await page.getByLabel('Dasha', { exact: true }).isChecked()).toBe(true)
      expect(await page.getByLabel('Dasha, Own price').inputValue()).toBe('1400')
    } finally {
      await context.close()
    }
  })

  it('shows a specialist with read-only rights the menu without any edit control', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      await page.goto(`${server.origin}/en/signin`)
      await signInOnPage(page, 'master@example.com', 'demo12345')
      await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
      // Nothing to set up for someone who cannot change the menu.
      expect(await checklist(page).count()).toBe(0)

      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Services', exact: true })
        .click()
      await page.getByRole('heading', { name: 'Hair' }).waitFor()
      await page.getByText("Women's haircut").waitFor()
      await page
        .getByRole('note')
        .getByText('You can see the services but not change them', { exact: false })
        .waitFor()
      expect(await page.getByRole('link', { name: 'New service' }).count()).toBe(0)
      expect(await page.getByRole('link', { name: "Women's haircut" }).count()).toBe(0)

      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Service categories' })
        .click()
      await page.getByText('Colouring').waitFor()
      expect(await page.getByRole('textbox', { name: 'New category', exact: true }).count()).toBe(0)
      expect(await page.getByRole('button', { name: /Rename|Delete/ }).count()).toBe(0)

      // Typing the new service's URL says adding is closed to her, with no form to fill in.
      await page.goto(`${server.origin}${pathOf(page).replace(/categories$/, 'services/new')}`)
      await page.getByRole('heading', { name: 'This section is closed to you' }).waitFor()
      expect(await page.getByRole('button', { name: 'Create the service' }).count()).toBe(0)
      expect(await page.getByLabel('Title', { exact: true }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('lets an owner create, recolour and delete a client label, each tab at its own address', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      await page.goto(`${server.origin}/en/signin`)
      await signInOnPage(page, 'other@example.com', 'demo12345')
      await page.getByRole('heading', { name: 'Northern Barbers' }).waitFor()
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Labels' }).click()
      await page.waitForURL(/\/en\/company\/\d+\/labels$/)
      const tabs = page.getByRole('navigation', { name: 'Labels of' })
      expect(await tabs.getByRole('link', { name: 'Clients' }).getAttribute('aria-current')).toBe('page')
      expect(await tabs.getByRole('link', { name: 'Appointments' }).getAttribute('aria-current')).toBeNull()

      await page.getByLabel('New label').fill('Loyal')
      await page.getByLabel('Colour #1f7a4d').check()
      await page.getByRole('button', { name: 'Create' }).click()
      const chip = page.getByRole('listitem').filter({ hasText: 'Loyal' })
      await chip.waitFor()
      // The text colour is chosen to read on the background.
      expect(await chip.locator('.label-chip').evaluate((element) => getComputedStyle(element).color)).toBe(
        'rgb(255, 255, 255)',
      )

      await chip.getByRole('button', { name: 'Change Loyal' }).click()
      await page
        .getByRole('form', { name: 'Change Loyal' })
        .getByLabel('Title', { exact: true })
        .fill('Loyal client')
      await page.getByRole('form', { name: 'Change Loyal' }).getByLabel('Colour #f2c94c').check()
      await page.getByRole('form', { name: 'Change Loyal' }).getByRole('button', { name: 'Save' }).click()
      const renamed = page.getByRole('listitem').filter({ hasText: 'Loyal client' })
      await renamed.waitFor()
      expect(
        await renamed.locator('.label-chip').evaluate((element) => getComputedStyle(element).backgroundColor),
      ).toBe('rgb(242, 201, 76)')

      // Another tab is another address, and the label is not there; a reload keeps the tab.
      await tabs.getByRole('link', { name: 'Appointments' }).click()
      await page.waitForURL(/labels\?entity=2$/)
      await page.reload()
      expect(await tabs.getByRole('link', { name: 'Appointments' }).getAttribute('aria-current')).toBe('page')
      expect(await page.getByText('Loyal client').count()).toBe(0)
      await page.goBack()
      await renamed.waitFor()

      await renamed.getByRole('button', { name: 'Delete Loyal client' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
      await page.getByText('Label "Loyal client" deleted.').waitFor()
      await renamed.waitFor({ state: 'detached' })
      await page.reload()
      await page.getByRole('heading', { name: 'Labels' }).waitFor()
      expect(await page.getByText('Loyal client').count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('has no serious or critical accessibility violation on any workspace page, at 1280 and 390 px', async () => {
    // The app's Content-Security-Policy forbids inline scripts, axe's included; the check alone may bypass it.
    const context = await browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    try {
      await page.goto(`${server.origin}/en/signin`)
      await signInOnPage(page, 'other@example.com', 'demo12345')
      await page.getByRole('heading', { name: 'Northern Barbers' }).waitFor()
      const companyId = /\d+/.exec(
        (await page.getByRole('link', { name: 'Services', exact: true }).getAttribute('href')) ?? '',
      )![0]
      const pages = [
        '/en',
        `/en/company/${companyId}/services`,
        `/en/company/${companyId}/services/new`,
        `/en/company/${companyId}/categories`,
        `/en/company/${companyId}/labels`,
        `/en/company/${companyId}/working-hours`,
        `/company/${companyId}/services`,
        `/company/${companyId}/working-hours`,
      ]
      const found: string[] = []
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        for (const path of pages) {
          await page.goto(`${server.origin}${path}`)
          await page.getByRole('navigation', { name: /Sections|Разделы/ }).waitFor()
          await untilLoaded(page)
          for (const violation of await seriousAxeViolations(page))
            found.push(`${width} ${path} ${violation}`)
          // Nothing sticks out sideways at a phone's width.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
          if (overflow) found.push(`${width} ${path} overflows sideways`)
        }
      }
      expect(found).toEqual([])
    } finally {
      await context.close()
    }
  })
})
