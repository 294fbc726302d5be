import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser'
import { apiCall, latestMessage, pathOf, signInOnPage } from '../support/e2e-journey-helpers'
import { startServer, type RunningServer } from '../support/e2e-server'

let server: RunningServer
let browser: Browser
let ownerToken: string
let companyId: number

beforeAll(async () => {
  server = await startServer({})
  browser = await launchBrowser()
  ownerToken = (
    await apiCall<{ access_token: string }>(server.origin, '/auth', {
      body: { login: 'other@example.com', password: 'demo12345' },
    })
  ).data.access_token
  const companies = await apiCall<{ id: number }[]>(server.origin, '/companies', {
    method: 'GET',
    token: ownerToken,
  })
  companyId = companies.data[0]!.id
})

afterAll(async () => {
  await browser?.close()
  expect(await server?.stop()).toBe(0)
})

/** Invites a contact to Northern Barbers and answers the link path from the message. */
async function invite(email: string, role: string): Promise<string> {
  const sent = await apiCall(server.origin, `/company/${companyId}/invites`, {
    token: ownerToken,
    body: { email, role, lang: 'en' },
  })
  expect(sent.status).toBe(201)
  const text = (await latestMessage(server.origin, email))!.text
  return new URL(/https?:\/\/\S+\/invite\/[\w-]+/.exec(text)![0]).pathname
}

describe('invitations in the browser', () => {
  it('lets a new person join through the invited registration', async () => {
    const link = await invite('newcomer@example.com', 'specialist')
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.origin}${link}`)
    await page.getByRole('heading', { name: 'Join the team' }).waitFor()
    await page.getByText('Oleg Other invites you to join Northern Barbers.').waitFor()
    expect(await page.getByLabel('E-mail').inputValue()).toBe('newcomer@example.com')
    await page.getByLabel('Your name').fill('Nina Newcomer')
    await page.getByLabel('Phone').fill('+7 900 333-44-55')
    await page.getByLabel('Password', { exact: true }).fill('a long enough password')
    await page.getByLabel('Repeat the password').fill('a long enough password')
    await page.getByLabel('I accept the terms of service and the privacy policy').check()
    await page.getByRole('button', { name: 'Join' }).click()
    await page.getByRole('heading', { name: 'Northern Barbers' }).waitFor()
    expect(pathOf(page)).toBe('/en')

    // The link is used up: it now has its own screen.
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await otherPage.goto(`${server.origin}${link}`)
    await otherPage.getByRole('heading', { name: 'This invitation has already been used' }).waitFor()
    await other.close()
    await context.close()
  })

  it('lets a signed-in user accept', async () => {
    const link = await invite('demo@example.com', 'manager')
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${server.origin}/en/signin`)
    await signInOnPage(page, 'demo@example.com', 'demo12345')
    await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
    await page.goto(`${server.origin}${link}`)
    await page.getByRole('button', { name: 'Accept the invitation' }).click()
    await page.waitForURL((url) => url.pathname === '/en')
    // The joined company opens, not the first of the member's own companies.
    await page.getByRole('heading', { name: 'Northern Barbers', level: 1 }).waitFor()
    const token = (await context.cookies()).find((cookie) => cookie.name === 'access_token')!.value
    const companies = await apiCall<{ id: number; title: string; user_role: string }[]>(
      server.origin,
      '/companies',
      { method: 'GET', token },
    )
    expect(companies.data).toContainEqual(
      expect.objectContaining({ title: 'Northern Barbers', user_role: 'manager' }),
    )
    const joined = companies.data.find((company) => company.title === 'Northern Barbers')!
    expect(new URL(page.url()).searchParams.get('company')).toBe(String(joined.id))
    await context.close()
  })
})
