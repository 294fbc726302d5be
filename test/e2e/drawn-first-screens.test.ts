import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signInThroughApi } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

/** The elements a person reads on a public screen. */
const PUBLIC_SCREEN = 'main h1, main p, main label, main input, main button, main a, main select'

/**
 * The elements of a workspace page's frame: the company, the user's menu and the sections (the closed company
 * switcher by its summary: its panel is the app's alone).
 */
const WORKSPACE_FRAME =
  '.workspace__bar summary, .workspace__company, .topbar__user, .user-menu a, .user-menu select, ' +
  '.user-menu button, .workspace__nav a'

/** What a person sees of a page: each visible text-bearing element with its words and where it stands. */
function visibleLayout(page: Page, selector: string) {
  return page.evaluate(
    (elements) =>
      [...document.querySelectorAll(elements)]
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
    selector,
  )
}

async function layoutOf(
  browser: Browser,
  path: string,
  options: { scripts: boolean; width: number; token?: string; selector?: string; drawnReady?: string },
) {
  const context = await browser.newContext({
    javaScriptEnabled: options.scripts,
    viewport: { width: options.width, height: 844 },
  })
  if (options.token) {
    await context.addCookies([{ name: 'access_token', value: options.token, url: e2e.server.origin }])
  }
  const page = await context.newPage()
  await page.goto(`${e2e.server.origin}${path}`)
  // The app has taken over once nothing on the page is inert any more.
  if (options.scripts) await page.waitForFunction(() => !document.querySelector('#root [inert]'))
  else await page.locator(options.drawnReady ?? 'main h1').waitFor()
  const layout = await visibleLayout(page, options.selector ?? PUBLIC_SCREEN)
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

  /** Each account's token, signed in once for the cases below. */
  const tokens = new Map<string, Promise<string>>()
  const tokenOf = (login: string) => {
    if (!tokens.has(login))
      tokens.set(
        login,
        signInThroughApi(e2e.server.origin, login, 'demo12345').then((signedIn) => signedIn.token),
      )
    return tokens.get(login)!
  }
  it.each([
    ['/en/company/1/services', 390],
    ['/en/company/1/services', 1280],
    ['/company/1/services', 390],
    ['/en/company/1', 1280],
  ] as const)(
    'the workspace frame of %s at %i px is drawn where the app then shows it, for the rights of each user',
    async (path, width) => {
      for (const login of ['demo@example.com', 'master@example.com']) {
        const frame = {
          width,
          token: await tokenOf(login),
          selector: WORKSPACE_FRAME,
          drawnReady: '.workspace__nav',
        }
        const drawn = await layoutOf(e2e.browser, path, { ...frame, scripts: false })
        const rendered = await layoutOf(e2e.browser, path, { ...frame, scripts: true })
        expect(drawn.length, login).toBeGreaterThan(8)
        expect(drawn, login).toEqual(rendered)
      }
    },
  )

  it('draws no workspace frame for a token the API refuses, nor in a company of another account', async () => {
    const { token } = await signInThroughApi(e2e.server.origin, 'other@example.com', 'demo12345')
    for (const [path, cookie] of [
      ['/en/company/1/services', 'not-a-token'],
      ['/en/company/1/services', token],
    ] as const) {
      const response = await fetch(`${e2e.server.origin}${path}`, {
        headers: { cookie: `access_token=${cookie}` },
      })
      const html = await response.text()
      expect(html, cookie).toContain('<div id="root"></div>')
      expect(html, cookie).not.toContain('workspace__nav')
    }
  })

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
