import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { signInOnPage, untilLoaded } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

const description = (page: Page) =>
  page.locator('meta[name="description"]').getAttribute('content', { timeout: 1000 })

/** Opens a public page in a fresh browser and returns it with the scripts it received and their encodings. */
async function open(path: string) {
  const context = await e2e.browser.newContext()
  const page = await context.newPage()
  const scripts: { path: string; encoding: string | null }[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push({
        path: new URL(response.url()).pathname,
        encoding: response.headers()['content-encoding'] ?? null,
      })
  })
  const response = await page.goto(`${e2e.server.origin}${path}`)
  return { context, page, firstBytes: (await response?.text()) ?? '', scripts }
}

describe('the first screen a visitor opens', () => {
  it('is in the language of its address from the first byte, and describes itself in that language', async () => {
    const english = await open('/en/signin')
    expect(english.firstBytes).toMatch(/<html lang="en">/)
    await english.page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(await english.page.evaluate(() => document.documentElement.lang)).toBe('en')
    expect(await description(english.page)).toMatch(/^Sign in to Salon/)
    // Its scripts arrive compressed (brotli, made at build time), and no source map is asked for.
    expect(english.scripts.length).toBeGreaterThan(0)
    for (const script of english.scripts) expect(script.encoding, script.path).toBe('br')
    await english.page.getByRole('link', { name: 'Forgot your password?' }).click()
    await english.page.getByRole('heading', { name: 'Reset your password' }).waitFor()
    expect(await description(english.page)).toMatch(/^Forgot your Salon password\?/)
    await english.context.close()

    const russian = await open('/signin')
    expect(russian.firstBytes).toMatch(/<html lang="ru">/)
    await russian.page.getByRole('heading', { name: 'Войти' }).waitFor()
    expect(await description(russian.page)).toMatch(/^Войдите в Salon/)
    await russian.context.close()
  })

  it('describes the registration in the visitor’s language', async () => {
    const registration = await open('/en/onboarding/first')
    expect(registration.firstBytes).toMatch(/<html lang="en">/)
    await registration.page.getByRole('button', { name: /./ }).first().waitFor()
    await expect.poll(() => description(registration.page)).toMatch(/^Register your business with Salon/)
    await registration.context.close()
  })
})

describe('the workspace page a signed-in owner opens', () => {
  it('shows the service menu without asking the API for what the server wrote into the page, and without a spinner first', async () => {
    const context = await e2e.browser.newContext()
    const page = await context.newPage()
    await page.goto(`${e2e.server.origin}/en/signin`)
    await signInOnPage(page, 'demo@example.com', 'demo12345')
    await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
    const servicesPath = await page
      .getByRole('navigation', { name: 'Sections' })
      .getByRole('link', { name: 'Services', exact: true })
      .getAttribute('href')
    expect(servicesPath).toMatch(/^\/en\/company\/\d+\/services$/)

    // A fresh load of the services page, as after a reload or from a bookmark. Whether the page's loading spinner
    // shows at any moment, as a person watching the load would see it flash before the list.
    await context.addInitScript(() => {
      const seen = { spinner: false }
      Object.assign(window, { loadingSeen: seen })
      new MutationObserver(() => {
        seen.spinner ||= document.querySelector('#root .spinner--large') !== null
      }).observe(document, { childList: true, subtree: true })
    })
    const asked: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/')) asked.push(`${request.method()} ${url.pathname}${url.search}`)
    })
    await page.goto(`${e2e.server.origin}${servicesPath}`)
    await page.getByRole('heading', { name: 'Services', exact: true }).waitFor()
    await untilLoaded(page)
    await page.getByText('Classic manicure').first().waitFor()
    const frameAndMenu = asked.filter((call) =>
      /\/(company\/\d+\/|companies\?|groups$|service_categories\/|services\/\d+\/$|auth\/switch_user)/.test(
        call,
      ),
    )
    expect(frameAndMenu).toEqual([])
    // The page holds its replies, so it is drawn once, loaded: no spinner before the list.
    const loadingSeen = await page.evaluate(
      () => (window as unknown as { loadingSeen: { spinner: boolean } }).loadingSeen,
    )
    expect(loadingSeen.spinner).toBe(false)
    await context.close()
  })
})
