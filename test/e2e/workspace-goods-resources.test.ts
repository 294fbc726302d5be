import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe-check'
import { launchBrowser } from '../support/browser'
import { startServer, type RunningServer } from '../support/e2e-server'
import { latestCode, signInOnPage } from '../support/e2e-journey-helpers'

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

/** The owner of Northern Barbers, signed in, on the company's overview; answers `/company/{id}`. */
async function signInOwner(context: BrowserContext): Promise<{ page: Page; companyPath: string }> {
  const page = await context.newPage()
  await page.goto(`${server.origin}/en/signin`)
  await signInOnPage(page, 'other@example.com', 'demo12345')
  await page.getByRole('heading', { name: 'Northern Barbers' }).waitFor()
  const href = await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Services', exact: true })
    .getAttribute('href')
  // Without the language, so that a test may open it in either.
  return { page, companyPath: href!.replace(/\/services$/, '').replace(/^\/en/, '') }
}

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }).click()

/** The tree item of a category: the list item whose own row names it. */
const treeItem = (page: Page, title: string) =>
  page
    .locator('.goods-tree__item')
    .filter({ has: page.locator(':scope > .goods-tree__row .goods-tree__title', { hasText: title }) })

describe('goods categories and resources in Chromium', () => {
  it('lets an owner build a two-level goods tree, move a child elsewhere, and find it so after a reload', async () => {
    const context = await browser.newContext()
    try {
      const { page, companyPath } = await signInOwner(context)
      await section(page, 'Goods categories')
      await page.waitForURL(`**${companyPath}/goods-categories`)
      await page.getByRole('heading', { name: 'Goods categories' }).waitFor()

      // Two top-level categories.
      const newCategory = page.getByRole('form', { name: 'New goods category' })
      for (const title of ['Shop shelf', 'Back room']) {
        await newCategory.getByRole('textbox', { name: 'New category', exact: true }).fill(title)
        await newCategory.getByRole('button', { name: 'Create' }).click()
        await page.getByText(`Category "${title}" created.`).waitFor()
      }
      // A child inside the first one, from its row; the branch opens to show it.
      await page.getByRole('button', { name: 'Add inside Shop shelf' }).click()
      expect(await newCategory.getByLabel('Place in').inputValue()).not.toBe('0')
      await newCategory.getByRole('textbox', { name: 'New category', exact: true }).fill('Combs')
      await newCategory.getByRole('button', { name: 'Create' }).click()
      const shelf = treeItem(page, 'Shop shelf')
      await shelf.getByRole('list', { name: 'Inside Shop shelf' }).getByText('Combs').waitFor()
      expect(
        await shelf.getByRole('button', { name: 'Shop shelf', exact: true }).getAttribute('aria-expanded'),
      ).toBe('true')

      // The keyboard closes and opens the branch.
      const shelfToggle = shelf.getByRole('button', { name: 'Shop shelf', exact: true })
      await shelfToggle.focus()
      await page.keyboard.press('ArrowLeft')
      expect(await shelfToggle.getAttribute('aria-expanded')).toBe('false')
      await page.keyboard.press('Enter')
      expect(await shelfToggle.getAttribute('aria-expanded')).toBe('true')

      // A category cannot go inside itself: the move list offers neither it nor anything below it.
      await page.getByRole('button', { name: 'Move Shop shelf' }).click()
      const ownMove = page.getByRole('form', { name: 'Move Shop shelf' })
      const offered = await ownMove.getByLabel('Move into').locator('option').allTextContents()
      expect(offered).toContain('Back room')
      expect(offered.some((option) => option.includes('Shop shelf'))).toBe(false)
      await ownMove.getByRole('button', { name: 'Cancel' }).click()

      // The child moves into the other top-level category.
      await page.getByRole('button', { name: 'Move Combs' }).click()
      const move = page.getByRole('form', { name: 'Move Combs' })
      await move.getByLabel('Move into').selectOption({ label: 'Back room' })
      await move.getByRole('button', { name: 'Move' }).click()
      await page.getByText('"Combs" moved into "Back room".').waitFor()
      await treeItem(page, 'Back room')
        .getByRole('list', { name: 'Inside Back room' })
        .getByText('Combs')
        .waitFor()

      // After a reload the tree is as it was left.
      await page.reload()
      await page.getByRole('heading', { name: 'Goods categories' }).waitFor()
      await treeItem(page, 'Back room').getByRole('button', { name: 'Back room', exact: true }).click()
      await treeItem(page, 'Back room')
        .getByRole('list', { name: 'Inside Back room' })
        .getByText('Combs')
        .waitFor()
      expect(await treeItem(page, 'Shop shelf').getByText('empty', { exact: true }).count()).toBe(1)

      // A category that holds another is not deleted: the question says what it holds.
      await page.getByRole('button', { name: 'Delete Back room' }).click()
      const refusal = page.getByRole('alertdialog', { name: 'Delete Back room' })
      await refusal.getByText('Category "Combs"').waitFor()
      expect(await refusal.getByRole('button', { name: 'Delete' }).count()).toBe(0)
      await refusal.getByRole('button', { name: 'Close' }).click()
      // An empty one is.
      await page.getByRole('button', { name: 'Delete Shop shelf' }).click()
      await page
        .getByRole('alertdialog', { name: 'Delete Shop shelf' })
        .getByRole('button', { name: 'Delete' })
        .click()
      await page.getByText('Category "Shop shelf" deleted.').waitFor()
      await treeItem(page, 'Shop shelf').waitFor({ state: 'detached' })
    } finally {
      await context.close()
    }
  })

  it('lets an owner create a resource with two instances for a service and see which instances are free', async () => {
    const context = await browser.newContext()
    try {
      const { page, companyPath } = await signInOwner(context)
      await section(page, 'Resources')
      await page.waitForURL(`**${companyPath}/resources`)

      await page.getByRole('button', { name: 'Add a resource' }).click()
      const form = page.getByRole('form', { name: 'New resource' })
      await form.getByLabel('New resource').fill('Towel steamer')
      await form.getByLabel('Hot towel shave').check()
      await form.getByRole('button', { name: 'Create' }).click()
      await page.getByText('Resource "Towel steamer" created.').waitFor()
      const card = page.getByRole('listitem', { name: 'Towel steamer' })
      await card.getByText('Needed by: Hot towel shave').waitFor()
      await card.getByText('No instances yet', { exact: false }).waitFor()

      for (const title of ['Steamer 1', 'Steamer 2']) {
        await card.getByLabel('New instance', { exact: true }).fill(title)
        await card.getByRole('button', { name: 'Add', exact: true }).click()
        await card
          .getByRole('list', { name: 'Instances of Towel steamer', exact: true })
          .getByText(title)
          .waitFor()
      }

      // Nothing holds them: both are free at any time.
      await card.getByLabel('Date and time', { exact: true }).fill('2031-01-10T10:00')
      await card.getByRole('button', { name: 'Check this time' }).click()
      const answer = card.getByRole('list', { name: 'Instances of Towel steamer at the time asked' })
      await answer.getByText('Steamer 1: free').waitFor()
      await answer.getByText('Steamer 2: free').waitFor()

      // The demo books Chair 1 today from 12:00 to 13:00 UTC: at 12:30 UTC (Moscow time on screen) it is taken.
      const today = new Date()
      today.setUTCHours(12, 30, 0, 0)
      const moscow = new Intl.DateTimeFormat('sv-SE', {
        timeZone: 'Europe/Moscow',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .format(today)
        .replace(' ', 'T')
      const chairs = page.getByRole('listitem', { name: 'Barber chair' })
      await chairs.getByLabel('For the service').selectOption({ label: 'Beard trim' })
      await chairs.getByLabel('Date and time', { exact: true }).fill(moscow)
      await chairs.getByRole('button', { name: 'Check this time' }).click()
      const chairAnswer = chairs.getByRole('list', { name: 'Instances of Barber chair at the time asked' })
      await chairAnswer.getByText('Chair 1: taken').waitFor()
      await chairAnswer.getByText('Chair 2: free').waitFor()

      // Chair 1 has a booking, so it cannot be deleted; the question says why.
      await chairs.getByRole('button', { name: 'Delete Chair 1' }).click()
      const refusal = page.getByRole('alertdialog', { name: 'Delete Chair 1' })
      await refusal.getByText('"Chair 1" cannot be deleted: it has 1 booking.', { exact: false }).waitFor()
      await refusal.getByRole('button', { name: 'Close' }).click()

      // Renaming and deleting an instance of the new resource; a reload shows what was saved.
      await card.getByRole('button', { name: 'Rename Steamer 2' }).click()
      await card
        .getByRole('form', { name: 'Rename Steamer 2' })
        .getByLabel('Title', { exact: true })
        .fill('Steamer B')
      await card.getByRole('form', { name: 'Rename Steamer 2' }).getByRole('button', { name: 'Save' }).click()
      await card
        .getByRole('list', { name: 'Instances of Towel steamer', exact: true })
        .getByText('Steamer B')
        .waitFor()
      await card.getByRole('button', { name: 'Delete Steamer 1' }).click()
      await page
        .getByRole('alertdialog', { name: 'Delete Steamer 1' })
        .getByRole('button', { name: 'Delete' })
        .click()
      await page.getByText('Instance "Steamer 1" deleted.').waitFor()
      await page.reload()
      const instances = page
        .getByRole('listitem', { name: 'Towel steamer' })
        .getByRole('list', { name: 'Instances of Towel steamer', exact: true })
      await instances.getByText('Steamer B').waitFor()
      expect(await instances.getByText('Steamer 1').count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('shows an administrator the goods tree without any edit control, and no resources section', async () => {
    const context = await browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${server.origin}/en/signin`)
      // The demo administrator of Northern Barbers confirms each sign-in with a code by e-mail.
      await signInOnPage(page, 'twofa@example.com', 'demo12345')
      await page.getByRole('heading', { name: 'Confirm it is you' }).waitFor()
      await page
        .getByLabel('Code', { exact: true })
        .fill(await latestCode(server.origin, 'twofa@example.com'))
      await page.getByRole('button', { name: 'Confirm' }).click()
      await page.getByRole('heading', { name: 'Northern Barbers' }).waitFor()
      const nav = page.getByRole('navigation', { name: 'Sections' })
      expect(await nav.getByRole('link', { name: 'Resources' }).count()).toBe(0)

      await section(page, 'Goods categories')
      await page
        .getByRole('note')
        .getByText('You can see the goods categories but not change them', { exact: false })
        .waitFor()
      await page.getByRole('button', { name: 'Beard care', exact: true }).click()
      await page.getByRole('list', { name: 'Inside Beard care' }).getByText('Beard oils').waitFor()
      expect(await page.getByRole('textbox', { name: 'New category', exact: true }).count()).toBe(0)
      expect(await page.getByRole('button', { name: /Add inside|Rename|Move|Delete/ }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('has no serious or critical accessibility violation on both pages, at 1280 and 390 px', async () => {
    // The app's Content-Security-Policy forbids inline scripts, axe's included; the check alone may bypass it.
    const context = await browser.newContext({ bypassCSP: true })
    try {
      const { page, companyPath } = await signInOwner(context)
      const found: string[] = []
      const check = async (label: string) => {
        for (const violation of await seriousAxeViolations(page)) found.push(`${label} ${violation}`)
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
        if (overflow) found.push(`${label} overflows sideways`)
      }
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        for (const language of ['/en', '']) {
          await page.goto(`${server.origin}${language}${companyPath}/goods-categories`)
          await page.locator('.goods-tree').first().waitFor()
          // Everything open, and a move form showing.
          await page.locator('.goods-tree__tools .button').first().click()
          await page.locator('.goods-tree__actions .button').nth(2).click()
          await check(`${width} ${language}/goods-categories`)

          await page.goto(`${server.origin}${language}${companyPath}/resources`)
          await page.locator('.resource-card').first().waitFor()
          // The new-resource form open, and one free check answered.
          await page.locator('.workspace__main .button--inline').click()
          const chairs = page.locator('.resource-card').first()
          await chairs.locator('input[type="datetime-local"]').fill('2031-01-10T10:00')
          await chairs.locator('.free-check__buttons .button--primary').click()
          await chairs.locator('.free-check__list').waitFor()
          await check(`${width} ${language}/resources`)
        }
      }
      expect(found).toEqual([])
    } finally {
      await context.close()
    }
  })
})
