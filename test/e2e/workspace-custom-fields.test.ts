import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe-check'
import { launchBrowser } from '../support/browser'
import { startServer, type RunningServer } from '../support/e2e-server'
import { pathOf, signInOnPage, untilLoaded } from '../support/e2e-journey-helpers'

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

const sectionLink = (page: Page) =>
  page
    .getByRole('navigation', { name: /Sections|Разделы/ })
    .getByRole('link', { name: /Custom fields|Дополнительные поля/ })

/** The titles of the listed fields, top to bottom. */
const titles = (page: Page) => page.locator('.custom-field-row .category-row__title').allTextContents()

async function signInAs(page: Page, login: string, company: string) {
  await page.goto(`${server.origin}/en/signin`)
  await signInOnPage(page, login, 'demo12345')
  await page.getByRole('heading', { name: company }).waitFor()
}

describe('the custom fields of a salon in Chromium', () => {
  it('lets an owner create a client list field, reorder it and delete it, kept over reloads', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      await signInAs(page, 'other@example.com', 'Northern Barbers')
      await sectionLink(page).click()
      await page.waitForURL(/\/en\/company\/\d+\/custom-fields$/)
      const tabs = page.getByRole('navigation', { name: 'Custom fields of' })
      expect(await tabs.getByRole('link', { name: 'Clients' }).getAttribute('aria-current')).toBe('page')
      // The salon has no appointment fields: that tab says what to do first, at its own address.
      await tabs.getByRole('link', { name: 'Appointments' }).click()
      await page.waitForURL(/custom-fields\?kind=record$/)
      await page
        .getByText('There are no appointment fields yet. Start with "New field"', { exact: false })
        .waitFor()
      await tabs.getByRole('link', { name: 'Clients' }).click()
      await page.waitForURL(/custom-fields\?kind=client$/)
      await expect.poll(() => titles(page), { timeout: 20_000 }).toEqual(['Beard style'])

      // A list needs its options: refused without one, then created with two.
      await page.getByRole('button', { name: 'New field' }).click()
      const form = page.getByRole('form', { name: 'New field' })
      await form.getByLabel('Title', { exact: true }).fill('Skin type')
      await form.getByLabel('Type').selectOption({ label: 'List' })
      await form.getByRole('button', { name: 'Create' }).click()
      await form.getByText('A list needs at least one option.').waitFor()
      await form.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Dry')
      await form.getByRole('button', { name: 'Add an option' }).click()
      await form.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Oily')
      expect(await form.getByLabel('In the client card').isChecked()).toBe(true)
      expect(await form.getByLabel('In the appointment window').isChecked()).toBe(false)
      await form.getByRole('button', { name: 'Create' }).click()
      await page.getByText('Field "Skin type" created.').waitFor()
      await form.waitFor({ state: 'detached' })
      const row = page.getByRole('listitem').filter({ hasText: 'Skin type' })
      await row.getByText('Options: Dry, Oily').waitFor()
      await row.getByText('Shown in the client card').waitFor()
      expect(await titles(page)).toEqual(['Beard style', 'Skin type'])

      await page.reload()
      await row.getByText('Options: Dry, Oily').waitFor()
      expect(await row.getByText('List', { exact: true }).count()).toBe(1)
      expect(await titles(page)).toEqual(['Beard style', 'Skin type'])

      // Moved to the top: the order is saved, and stays after a reload.
      await page.getByRole('button', { name: 'Move Skin type up' }).click()
      await expect.poll(() => titles(page), { timeout: 20_000 }).toEqual(['Skin type', 'Beard style'])
      expect(await page.getByRole('button', { name: 'Move Skin type up' }).isDisabled()).toBe(true)
      await page.reload()
      await expect.poll(() => titles(page), { timeout: 20_000 }).toEqual(['Skin type', 'Beard style'])
      const companyPath = pathOf(page)

      await row.getByRole('button', { name: 'Delete Skin type' }).click()
      await page
        .getByRole('alertdialog', { name: 'Delete Skin type' })
        .getByRole('button', { name: 'Delete' })
        .click()
      await page.getByText('Field "Skin type" deleted.').waitFor()
      await row.waitFor({ state: 'detached' })
      await page.reload()
      await expect.poll(() => titles(page), { timeout: 20_000 }).toEqual(['Beard style'])
      expect(pathOf(page)).toBe(companyPath)
    } finally {
      await context.close()
    }
  })

  it('shows a specialist the fields without any edit control, and says why', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      await signInAs(page, 'master@example.com', 'Beauty Line — Tverskaya')
      await sectionLink(page).click()
      await page.waitForURL(/\/custom-fields$/)
      await expect
        .poll(() => titles(page), { timeout: 20_000 })
        .toEqual(['Hair type', 'Send a birthday greeting'])
      await page
        .getByRole('note')
        .getByText('You can see the client fields but not change them', { exact: false })
        .waitFor()
      expect(await page.getByRole('button', { name: /New field|Move|Change|Delete/ }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('has no serious or critical accessibility violation, with the form open too, at 1280 and 390 px', async () => {
    // The app's Content-Security-Policy forbids inline scripts, axe's included; the check alone may bypass it.
    const context = await browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    try {
      await signInAs(page, 'other@example.com', 'Northern Barbers')
      await sectionLink(page).click()
      await page.waitForURL(/\/custom-fields$/)
      const path = pathOf(page)
      const found: string[] = []
      const check = async (label: string) => {
        for (const violation of await seriousAxeViolations(page)) found.push(`${label} ${violation}`)
        // Nothing sticks out sideways at a phone's width.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
        if (overflow) found.push(`${label} overflows sideways`)
      }
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        for (const address of [
          `/en${path.replace(/^\/en/, '')}`,
          `${path.replace(/^\/en/, '')}?kind=record`,
        ]) {
          await page.goto(`${server.origin}${address}`)
          await page.getByRole('navigation', { name: /Sections|Разделы/ }).waitFor()
          await untilLoaded(page)
          await check(`${width} ${address}`)
        }
        // The form of a list with an option refused, in Russian (the last address has no language prefix).
        await page.getByRole('button', { name: 'Новое поле' }).click()
        await page.getByLabel('Тип').selectOption({ label: 'Список' })
        await page.getByRole('button', { name: 'Создать' }).click()
        await page.getByText('Введите название поля.').waitFor()
        await check(`${width} ${path.replace(/^\/en/, '')}?kind=record form`)
      }
      expect(found).toEqual([])
    } finally {
      await context.close()
    }
  })
})
