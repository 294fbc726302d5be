import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainServiceEditorMachine } from '../../machines/chain-service-editor'
import { seriousAxeViolations } from '../support/axe-check'
import { launchBrowser } from '../support/browser'
import { startServer, type RunningServer } from '../support/e2e-server'
import { signInOnPage } from '../support/e2e-journey-helpers'
import { flowScreensRequested } from '../support/flow-screens-capture'
import { createJourneyFlowScreens } from '../support/journey-flow-screens'

let server: RunningServer
let browser: Browser
/** `npm run docs:flow-screens -- workspace-chain-catalogue` photographs the chain service editor's screens seen here. */
const screens = createJourneyFlowScreens([chainServiceEditorMachine])

beforeAll(async () => {
  server = await startServer({})
  browser = await launchBrowser()
})

afterAll(async () => {
  screens.finish()
  await browser?.close()
  const exitCode = await server?.stop()
  expect(exitCode).toBe(0)
})

const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' })

/** Opens another salon of the chain from the company switcher, in the section shown now. */
async function switchTo(page: Page, salon: string) {
  await page.getByLabel(/Switch company/).click()
  await page.getByRole('link', { name: salon }).click()
  await page.getByLabel(`Company: ${salon}. Switch company`).waitFor()
}

/** The price a salon's service list shows for the haircut (Intl's no-break spaces read as spaces). */
const haircutPrice = async (page: Page) =>
  (
    await page
      .getByRole('listitem')
      .filter({ hasText: "Women's haircut" })
      .locator('.service-row__price')
      .textContent()
  )?.replace(/\s/g, ' ')

/** A page of `context`, followed by the flow screens, signed in as the demo owner on the first salon's home. */
async function signInAsOwner(context: BrowserContext): Promise<Page> {
  await screens.follow(context)
  const page = await context.newPage()
  await page.goto(`${server.origin}/en/signin${screens.inspectQuery ? `?${screens.inspectQuery}` : ''}`)
  await signInOnPage(page, 'demo@example.com', 'demo12345')
  await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
  return page
}

// Photographing every screen at two widths in two languages adds seconds per screen (docs:flow-screens only).
describe('the chain catalogue in Chromium', { timeout: flowScreensRequested ? 600_000 : undefined }, () => {
  it("changes a chain-managed price once and both salons charge it, kept over a reload; the salon's editor shows why it cannot change it", async () => {
    const context = await browser.newContext()
    try {
      const page = await signInAsOwner(context)

      await sections(page).getByRole('link', { name: 'Chain services' }).click()
      await page.getByRole('heading', { name: 'Chain services' }).waitFor()
      const row = page.getByRole('listitem').filter({ hasText: "Women's haircut" })
      await row.getByText('price set by the chain').waitFor()
      await row.getByText('Offered by: Beauty Line — Tverskaya, Beauty Line — Arbat').waitFor()
      await row.getByRole('link', { name: "Women's haircut" }).click()
      await page.waitForURL(/\/chain-services\/\d+$/)
      expect(await page.getByLabel('Price managed only in the chain', { exact: false }).isChecked()).toBe(
        true,
      )
      await screens.shoot(page)
      await page.getByLabel('From').fill('3300')
      await page.getByLabel('Up to (leave empty for one price)').fill('')
      await page.getByRole('button', { name: 'Save changes' }).click()
      // Saved: the chain's list, in place of the form.
      await page.waitForURL((url) => url.pathname.endsWith('/chain-services'))
      await row.getByText('3 300 ₽').waitFor()
      await screens.shoot(page)

      await sections(page).getByRole('link', { name: 'Services', exact: true }).click()
      await expect.poll(() => haircutPrice(page), { timeout: 20_000 }).toBe('3 300 ₽')
      await switchTo(page, 'Beauty Line — Arbat')
      await expect.poll(() => haircutPrice(page), { timeout: 20_000 }).toBe('3 300 ₽')
      await page.reload()
      await expect.poll(() => haircutPrice(page), { timeout: 20_000 }).toBe('3 300 ₽')

      // Arbat's own editor: the price is the chain's, shown read-only with the reason.
      await page.getByRole('link', { name: "Women's haircut" }).click()
      await page.waitForURL(/\/services\/\d+$/)
      expect(await page.getByLabel('From').inputValue()).toBe('3300')
      expect(await page.getByLabel('From').isDisabled()).toBe(true)
      await page.getByRole('note').getByText('Managed by the chain Beauty Line', { exact: false }).waitFor()
      expect(await page.getByLabel('Title', { exact: true }).isDisabled()).toBe(true)
      // The salon may still change what is its own, and saving leaves the chain's price as it is.
      await page.getByLabel('Technical break after the service, minutes').fill('10')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await page.waitForURL((url) => url.pathname.endsWith('/services'))
      await expect.poll(() => haircutPrice(page), { timeout: 20_000 }).toBe('3 300 ₽')
    } finally {
      await context.close()
    }
  })

  it('meets a save from another tab as a conflict, takes their version, and deletes the chain service after asking', async () => {
    const context = await browser.newContext()
    try {
      const page = await signInAsOwner(context)
      await sections(page).getByRole('link', { name: 'Chain services' }).click()
      await page.getByRole('link', { name: 'Blow-dry styling' }).click()
      await page.waitForURL(/\/chain-services\/\d+$/)
      await page.getByRole('button', { name: 'Save changes' }).waitFor()

      // Another tab saves the same chain service first.
      const other = await context.newPage()
      await other.goto(`${page.url()}${screens.inspectQuery ? `?${screens.inspectQuery}` : ''}`)
      await other.getByLabel('Chain comment', { exact: true }).fill('Saved in the other tab')
      await other.getByRole('button', { name: 'Save changes' }).click()
      await other.waitForURL((url) => url.pathname.endsWith('/chain-services'))
      await other.close()

      // This tab's save meets the newer version: the editor asks whose version stays.
      await page.getByLabel('Chain comment', { exact: true }).fill('Saved in this tab')
      await page.getByRole('button', { name: 'Save changes' }).click()
      const choice = page.getByRole('alert', {
        name: 'Someone saved changes to this chain service after you opened it',
      })
      await choice.waitFor()
      // The form's own question says what the toast said; the picture shows the question (found by its id, as
      // in Russian too) without the toast, which would stay English in the Russian picture.
      await page.locator('.toast__close').click()
      await screens.shoot(page, undefined, { subject: page.locator('[aria-labelledby="conflict-title"]') })
      await page.getByRole('button', { name: 'Load their version' }).click()
      await expect
        .poll(() => page.getByLabel('Chain comment', { exact: true }).inputValue(), { timeout: 20_000 })
        .toBe('Saved in the other tab')

      // Deleting asks first; the salons keep their copies.
      await page.getByRole('button', { name: 'Delete the chain service' }).click()
      const question = page.getByRole('alertdialog')
      await question.getByText('Each salon keeps its copy as its own service', { exact: false }).waitFor()
      await screens.shoot(page, undefined, { subject: page.locator('[role="alertdialog"]') })
      await question.getByRole('button', { name: 'Delete' }).click()
      await page.waitForURL((url) => url.pathname.endsWith('/chain-services'))
      await page.getByText('The chain service was deleted; the salons keep their copies.').waitFor()
      // The list may still show the deleted row until its reload arrives.
      await expect.poll(() => page.getByRole('link', { name: 'Blow-dry styling' }).count()).toBe(0)
      await screens.shoot(page)
    } finally {
      await context.close()
    }
  })

  it('has no serious accessibility violations on the chain pages, at 1280 and 390 px, with nothing sideways', async () => {
    // The app's Content-Security-Policy forbids inline scripts, axe's included; the check alone may bypass it.
    const context = await browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    try {
      await page.goto(`${server.origin}/en/signin`)
      await signInOnPage(page, 'demo@example.com', 'demo12345')
      await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
      const chainHref = await sections(page)
        .getByRole('link', { name: 'Chain services' })
        .getAttribute('href')
      const companyPath = chainHref!.replace(/\/chain-services$/, '')
      const found: string[] = []
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        for (const [address, heading] of [
          [`${companyPath}/chain-services`, 'Chain services'],
          [`${companyPath}/chain-services/new`, 'New chain service'],
        ] as const) {
          await page.goto(`${server.origin}${address}`)
          await page.getByRole('heading', { name: heading, exact: true }).waitFor()
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
