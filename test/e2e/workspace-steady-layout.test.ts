import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signInOnPage } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

/**
 * From each page's first frame on, follows where the parts of its content stand (sections, forms, tables, lists and
 * headings, by their distance from the page's top) and notes every move of a part already shown: a part that
 * moves while someone reaches for it takes their click somewhere else.
 */
function followMoves(context: BrowserContext) {
  return context.addInitScript(() => {
    const moves: string[] = []
    const seen = new WeakMap<Element, number>()
    Object.assign(window, { contentMoves: moves })
    const follow = () => {
      for (const part of document.querySelectorAll('main :is(section, form, table, ul, h1, h2)')) {
        if (part.getClientRects().length === 0) continue
        const top = Math.round(part.getBoundingClientRect().top + window.scrollY)
        const before = seen.get(part)
        const words = (part.textContent ?? '').trim().slice(0, 40)
        if (before !== undefined && before !== top)
          moves.push(`${part.tagName.toLowerCase()} "${words}" ${before} → ${top}`)
        seen.set(part, top)
      }
      requestAnimationFrame(follow)
    }
    requestAnimationFrame(follow)
  })
}

/** The moves the page noted since it opened, once nothing is loading any more. */
async function movesOf(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle')
  return page.evaluate(() => (window as unknown as { contentMoves: string[] }).contentMoves)
}

describe('the workspace in Chromium', () => {
  it(
    'shows each section and a staff card whole: nothing on them moves once it is on screen',
    { timeout: 180_000 },
    async () => {
      const context = await e2e.browser.newContext()
      await followMoves(context)
      const page = await context.newPage()
      try {
        await page.goto(`${e2e.server.origin}/en/signin`)
        await signInOnPage(page, 'demo@example.com', 'demo12345')
        await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
        const navigation = page.getByRole('navigation', { name: 'Sections' })
        const overview = await navigation.getByRole('link', { name: 'Overview' }).getAttribute('href')
        const sections = await navigation
          .getByRole('link')
          .evaluateAll((links) => links.map((link) => link.getAttribute('href')!))
        expect(sections.length).toBeGreaterThan(15)
        const moved: string[] = []
        // The overview is left out: its setup checklist reads the company anew each time it opens and shows a
        // spinner meanwhile, gone once everything is set up (docs/decisions.md, "A staff member's card shows whole").
        for (const path of sections.filter((section) => section !== overview)) {
          await page.goto(`${e2e.server.origin}${path}`)
          await page.locator('main h1').first().waitFor()
          moved.push(...(await movesOf(page)).map((move) => `${path}: ${move}`))
        }

        // A staff member's card, opened from the list and by its address.
        const staff = sections.find((path) => path.endsWith('/staff'))!
        await page.goto(`${e2e.server.origin}${staff}`)
        await page.getByRole('link', { name: 'Olga Petrova' }).click()
        const workAtTheSalon = page.getByRole('region', { name: 'Work at the salon' })
        await workAtTheSalon.getByText('Olga Petrova is working at the salon.').waitFor()
        moved.push(...(await movesOf(page)).map((move) => `the card from the list: ${move}`))
        await page.reload()
        await workAtTheSalon.getByText('Olga Petrova is working at the salon.').waitFor()
        moved.push(...(await movesOf(page)).map((move) => `the card by its address: ${move}`))
        expect(moved).toEqual([])
      } finally {
        await context.close()
      }
    },
  )
})
