import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser'
import { startServer, type RunningServer } from '../support/e2e-server'
import { signInOnPage } from '../support/e2e-journey-helpers'

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

/** The titles of one category's services, top to bottom. */
const titles = (page: Page, category: string) =>
  page.getByRole('region', { name: category }).locator('.service-row__title > a').allTextContents()

describe('the order of services in Chromium', () => {
  it('moves a service up with its button, by keyboard drag and by mouse drag, kept over reloads', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      await page.goto(`${server.origin}/en/signin`)
      await signInOnPage(page, 'demo@example.com', 'demo12345')
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Services', exact: true })
        .click()
      await page.waitForURL(/\/en\/company\/\d+\/services$/)
      await page.getByRole('heading', { name: 'Hair' }).waitFor()
      const before = await titles(page, 'Hair')
      expect(before.length).toBeGreaterThanOrEqual(3)
      const [first, second, third] = before as [string, string, string]

      // The move button: the second goes first, and stays there after a reload.
      await page.getByRole('button', { name: `Move ${second} up` }).click()
      const afterButton = [second, first, third, ...before.slice(3)]
      await expect.poll(() => titles(page, 'Hair'), { timeout: 20_000 }).toEqual(afterButton)
      await page.waitForLoadState('networkidle')
      await page.reload()
      await expect.poll(() => titles(page, 'Hair'), { timeout: 20_000 }).toEqual(afterButton)

      // Keyboard drag: Enter picks the third up, the up arrow twice moves it to the top, Enter drops it.
      await page.getByRole('button', { name: `Drag ${third} to another place` }).focus()
      await page.keyboard.press('Enter')
      await page.keyboard.press('ArrowUp')
      await page.keyboard.press('ArrowUp')
      await page.keyboard.press('Enter')
      const afterKeys = [third, second, first, ...before.slice(3)]
      await page.getByText(`${third} dropped at position 1 of ${before.length}.`).waitFor()
      await expect.poll(() => titles(page, 'Hair'), { timeout: 20_000 }).toEqual(afterKeys)

      // Mouse drag: the top one dragged below the next one.
      const handle = page.getByRole('button', { name: `Drag ${third} to another place` })
      const box = (await handle.boundingBox())!
      const target = (await page
        .getByRole('region', { name: 'Hair' })
        .getByRole('listitem')
        .filter({ hasText: first })
        .boundingBox())!
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await page.mouse.down()
      await page.mouse.move(box.x + box.width / 2, target.y + target.height * 0.75, { steps: 8 })
      await page.mouse.up()
      const afterMouse = [second, first, third, ...before.slice(3)]
      await expect.poll(() => titles(page, 'Hair'), { timeout: 20_000 }).toEqual(afterMouse)
      await page.waitForLoadState('networkidle')
      await page.reload()
      await expect.poll(() => titles(page, 'Hair'), { timeout: 20_000 }).toEqual(afterMouse)

      // A filtered list offers no ordering and says why.
      await page.getByLabel('Search by title').fill(first.slice(0, 3))
      await page.getByText('Clear the search and show all services to change their order.').waitFor()
      expect(await page.getByRole('button', { name: /^Move / }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
