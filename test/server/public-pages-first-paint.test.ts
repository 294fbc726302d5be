import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SUPPORT_PHONE_FILE } from '../../contract/support-phone'
import { APP_WORDS_FOLDER } from '../../server/i18n/app-words'
import { makeFixtureDist } from '../support/fixture-dist'
import { createTestServer, type TestServer } from '../support/server-harness'

/** What a browser shows before any script runs: the root element's markup. */
const rootOf = (html: string) => /<div id="root">(.*?)<\/div>\s*(?:<script|<\/body>)/s.exec(html)?.[1] ?? ''

// The sign-in page and the registration's first page, drawn by the server in the app's words (the browser half,
// that the app's render replaces them without a visible change, is test/e2e/drawn-first-screens.test.ts).
describe('the public pages the server draws before their scripts run', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer('pglite', { distDir: makeFixtureDist().dir })
  })
  afterAll(() => server.close())

  const rootAt = async (url: string, cookie?: string) => {
    const response = await server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
    expect(response.statusCode).toBe(200)
    return rootOf(response.body)
  }

  it('draws the sign-in form in the language of the address, inert until the app replaces it', async () => {
    const english = await rootAt('/en/signin?redirect=%2Fcompany%2F1')
    expect(english).toContain('<h1 id="sign-in-title">Sign in</h1>')
    expect(english).toContain('<form novalidate inert>')
    expect(english).toContain('<label class="field__label" for="drawn-login">E-mail or phone</label>')
    expect(english).toContain('<a href="/en/signin/reset/send_code">Forgot your password?</a>')
    expect(english).toContain('New here? <a href="/en/onboarding/first">Register</a>')
    expect(english).toContain('<option value="en" lang="en" selected>English</option>')
    expect(english).toContain('<a href="tel:+78005553535">+7 800 555-35-35</a>')
    // The form is on the screen without the scripts, which are fetched at low priority.
    const page = await server.app.inject({ method: 'GET', url: '/en/signin' })
    expect(page.body).toMatch(/<script type="module" fetchpriority="low" crossorigin src="\/assets\//)
    // Drawn or not depends on the cookies, so no cache may answer one visitor with another's page.
    expect(page.headers.vary).toMatch(/\bCookie\b/)
    // The tab and a search result name the page in its language before the app runs.
    expect(page.body).toContain('<title>Sign in · Salon</title>')
    expect(page.body).toMatch(/<meta\s+name="description"\s+content="Sign in to Salon to run your salon: /)

    const russian = await rootAt('/signin/')
    expect(russian).toContain('<h1 id="sign-in-title">Войти</h1>')
    expect(russian).toContain('<a href="/signin/reset/send_code">Забыли пароль?</a>')
    expect(russian).toContain('Впервые у нас? <a href="/onboarding/first">Зарегистрироваться</a>')
    // A regional language is drawn with its base language's catalog, and named in its own words.
    const austrian = await rootAt('/de-AT/signin')
    expect(austrian).toContain(
      '<option value="de-AT" lang="de-AT" selected>Österreichisches Deutsch</option>',
    )
    expect(austrian).toContain('<h1 id="sign-in-title">Anmelden</h1>')
  })

  it('draws the registration notice for a visitor who has not accepted it', async () => {
    const russian = await rootAt('/onboarding/first')
    expect(russian).toContain('<h1 id="forbidden-notice-title">Перед регистрацией</h1>')
    expect(russian).toContain('<button type="button" class="button button--primary" inert>Понятно</button>')
    const english = await server.app.inject({ method: 'GET', url: '/en/onboarding/first' })
    expect(rootOf(english.body)).toContain('Before you register')
    expect(english.body).toContain('<title>Before you register · Salon</title>')
    expect(english.body).toMatch(/<meta\s+name="description"\s+content="Register your business with Salon /)
  })

  it('draws nothing where the app would show something else', async () => {
    // Likely signed in: the app takes the visitor to the workspace.
    expect(await rootAt('/en/signin', 'access_token=x')).toBe('')
    expect(await rootAt('/en/onboarding/first', 'access_token=x')).toBe('')
    // The notice accepted before: the app shows the registration form.
    expect(await rootAt('/en/onboarding/first', 'onboarding_notice_accepted=1')).toBe('')
    // A remembered account's form, other steps and screens.
    expect(await rootAt('/en/signin/abc123')).toBe('')
    expect(await rootAt('/en/signin/reset/send_code')).toBe('')
    expect(await rootAt('/en/onboarding/second')).toBe('')
    // The pseudo-locale (the app accents its words as it runs) and a language without a catalog of its own
    // (the app adds a notice that it speaks English).
    expect(await rootAt('/en-XA/signin')).toBe('')
    expect(await rootAt('/be/signin')).toBe('')
  })

  it('draws nothing when the build it serves has no copy of the app’s words', async () => {
    const dist = makeFixtureDist().dir
    rmSync(join(dist, APP_WORDS_FOLDER), { recursive: true })
    const bare = await createTestServer('pglite', { distDir: dist })
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/en/signin' })
      expect(response.statusCode).toBe(200)
      expect(rootOf(response.body)).toBe('')
    } finally {
      await bare.close()
    }
  })

  it('draws the support phone of the build it serves, whatever its own environment says', async () => {
    const dist = makeFixtureDist().dir
    writeFileSync(join(dist, APP_WORDS_FOLDER, SUPPORT_PHONE_FILE), '+7 495 123-45-67')
    vi.stubEnv('VITE_SUPPORT_PHONE', '+1 555 000-00-00')
    const built = await createTestServer('pglite', { distDir: dist })
    try {
      const response = await built.app.inject({ method: 'GET', url: '/en/signin' })
      expect(rootOf(response.body)).toContain('<a href="tel:+74951234567">+7 495 123-45-67</a>')
      expect(response.body).not.toContain('555 000-00-00')
    } finally {
      vi.unstubAllEnvs()
      await built.close()
    }
  })
})
