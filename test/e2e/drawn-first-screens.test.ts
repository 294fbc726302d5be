import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

/** What a person sees of a page: each visible text-bearing element with its words and where it stands. */
function visibleLayout(page: Page) {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'main h1, main p, main label, main input, main button, main a, main select',
      ),
    ]
      .filter((element) => element.getClientRects().length > 0)
      .map((element) => {
        const box = element.getBoundingClientRect()
        const text =
          element instanceof HTMLSelectElement
            ? (element.selectedOptions[0]?.textContent ?? '')
            : element instanceof HTMLInputElement
              ? `${element.type} ${element.name}`
              : (element.textContent ?? '')
        return {
          element: element.tagName.toLowerCase(),
          text: text.trim(),
          box: [box.x, box.y, box.width, box.height].map(Math.round),
        }
      }),
  )
}

async function layoutOf(browser: Browser, path: string, options: { scripts: boolean; width: number }) {
  const context = await browser.newContext({
    javaScriptEnabled: options.scripts,
    viewport: { width: options.width, height: 844 },
  })
  const page = await context.newPage()
  await page.goto(`${e2e.server.origin}${path}`)
  // The app has taken over once nothing on the page is inert any more.
  if (options.scripts) await page.waitForFunction(() => !document.querySelector('#root [inert]'))
  else await page.locator('main h1').waitFor()
  const layout = await visibleLayout(page)
  await context.close()
  return layout
}

describe('the pages the server draws before their scripts run', () => {
  const pages = ['/en/signin', '/signin', '/en/onboarding/first', '/onboarding/first']
  it.each(pages.flatMap((path) => [390, 1280].map((width) => [path, width] as const)))(
    '%s at %i px shows the same words in the same places before and after the app takes over',
    async (path, width) => {
      const drawn = await layoutOf(e2e.browser, path, { scripts: false, width })
      const rendered = await layoutOf(e2e.browser, path, { scripts: true, width })
      expect(drawn.length).toBeGreaterThan(4)
      expect(drawn).toEqual(rendered)
    },
  )

  it('lets nothing be typed into the drawn form, whose links work without the scripts', async () => {
    const context = await e2e.browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${e2e.server.origin}/en/signin`)
    await page.locator('#drawn-login').click({ force: true })
    await page.keyboard.type('lost@example.com')
    expect(await page.locator('#drawn-login').inputValue()).toBe('')
    // Its links work without the scripts.
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    expect(new URL(page.url()).pathname).toBe('/en/signin/reset/send_code')
    await context.close()
  })
})
