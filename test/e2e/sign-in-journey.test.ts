import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser'
import { startServer, type RunningServer } from '../support/e2e-server'

// Access tokens live 8 seconds here, so that the journey can watch one expire.
const accessTokenTtlSeconds = 8

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer({ ACCESS_TOKEN_TTL_SEC: String(accessTokenTtlSeconds) })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  const exitCode = await server?.stop()
  expect(exitCode).toBe(0)
})

async function signInWithDemo(page: Page, labels: { login: string; password: string; submit: string }) {
  await page.getByLabel(labels.login).fill('demo@example.com')
  await page.getByLabel(labels.password).fill('demo12345')
  await page.getByRole('button', { name: labels.submit }).click()
}

const english = { login: 'E-mail or phone', password: 'Password', submit: 'Sign in' }
const russian = { login: 'E-mail или телефон', password: 'Пароль', submit: 'Войти' }

const pathOf = (page: Page) => new URL(page.url()).pathname
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('signing in with the demo account', () => {
  it('lands on the company home, survives a reload and an expired token, and signs out', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const refreshTimes: number[] = []
    page.on('request', (request) => {
      if (request.url().includes('/jwt/refresh')) refreshTimes.push(Date.now())
    })

    await page.goto(`${server.origin}/en/signin`)
    await signInWithDemo(page, english)
    await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
    expect(pathOf(page)).toBe('/en')

    await page.reload()
    await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
    expect(pathOf(page)).toBe('/en')

    // Let the access token expire, then act: the app refreshes once and carries on.
    await sleep((accessTokenTtlSeconds + 1) * 1000)
    // The other salon of the chain, from the company switcher: its own workspace address.
    await page.getByText('Beauty Line — Tverskaya', { exact: true }).first().click()
    await page
      .getByRole('region', { name: 'Beauty Line' })
      .getByRole('link', { name: 'Beauty Line — Arbat' })
      .click()
    await page.getByRole('heading', { name: 'Beauty Line — Arbat' }).waitFor()
    // One refresh for the expired token, never a burst of them; on a loaded machine the new token may expire
    // too before the page has loaded, and then one more refresh is due a whole lifetime later.
    expect(refreshTimes.length).toBeGreaterThanOrEqual(1)
    for (const [index, time] of refreshTimes.entries())
      if (index > 0)
        expect(time - refreshTimes[index - 1]!).toBeGreaterThanOrEqual((accessTokenTtlSeconds - 1) * 1000)
    expect(pathOf(page)).toMatch(/^\/en\/company\/\d+$/)

    const cookies = await context.cookies()
    const accessToken = cookies.find((cookie) => cookie.name === 'access_token')?.value
    expect(accessToken).toBeTruthy()

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(pathOf(page)).toBe('/en/signin')

    const afterSignOut = await fetch(`${server.origin}/api/v1/companies`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    })
    expect(afterSignOut.status).toBe(401)
    await context.close()
  })

  it('restores an expired session on reload with one refresh', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.origin}/en/signin`)
    await signInWithDemo(page, english)
    await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()

    await sleep((accessTokenTtlSeconds + 1) * 1000)
    const refreshCalls: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/jwt/refresh')) refreshCalls.push(request.url())
    })
    await page.reload()
    await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
    expect(refreshCalls).toHaveLength(1)
    await context.close()
  })

  it('speaks Russian by default', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.origin}/signin`)
    expect(await page.locator('html').getAttribute('lang')).toBe('ru')
    await signInWithDemo(page, russian)
    await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
    expect(pathOf(page)).toBe('/')
    await page.getByRole('button', { name: 'Выйти' }).click()
    await page.getByRole('heading', { name: 'Войти' }).waitFor()
    expect(pathOf(page)).toBe('/signin')
    await context.close()
  })

  it('keeps a wrong password on the sign-in screen with a message', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.origin}/en/signin`)
    await page.getByLabel(english.login).fill('demo@example.com')
    await page.getByLabel(english.password).fill('not-the-password')
    await page.getByRole('button', { name: english.submit }).click()
    await page.getByRole('alert').filter({ hasText: 'The login or password is incorrect.' }).waitFor()
    expect(pathOf(page)).toBe('/en/signin')
    await context.close()
  })

  it('sends a signed-out visitor of the home page to sign-in, and rewrites double slashes', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.origin}/en`)
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(pathOf(page)).toBe('/en/signin')

    await page.goto(`${server.origin}//en//signin`)
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(pathOf(page)).toBe('/en/signin')
    await context.close()
  })

  it('brings a signed-out visitor of a company page back to that company after signing in', async () => {
    // The company id as an API client learns it.
    const signedIn = await fetch(`${server.origin}/api/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'demo@example.com', password: 'demo12345' }),
    })
    const { data: pair } = (await signedIn.json()) as { data: { access_token: string } }
    const listed = await fetch(`${server.origin}/api/v1/companies`, {
      headers: { Authorization: `Bearer ${pair.access_token}` },
    })
    const { data: companies } = (await listed.json()) as { data: { id: number; title: string }[] }
    const arbat = companies.find((company) => company.title === 'Beauty Line — Arbat')!
    expect(arbat).toBeDefined()

    const context = await browser.newContext()
    const page = await context.newPage()
    const signInCalls: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/auth(\/login\/1)?$/.test(request.url()))
        signInCalls.push(new URL(request.url()).pathname)
    })
    await page.goto(`${server.origin}/en/?company=${arbat.id}`)
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(pathOf(page)).toBe('/en/signin')
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(new RegExp(`company=${arbat.id}$`))

    await signInWithDemo(page, english)
    // Arbat's home, not the first of the chain's salons.
    await page.getByRole('heading', { name: 'Beauty Line — Arbat', level: 1 }).waitFor()
    expect(pathOf(page)).toBe('/en')
    expect(new URL(page.url()).searchParams.get('company')).toBe(String(arbat.id))
    expect(signInCalls).toEqual(['/api/v1/auth/login/1'])
    await context.close()
  })
})
