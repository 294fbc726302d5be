import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { beforeEach, describe, expect, it } from 'vitest'
import { pseudoLanguage } from '../../contract/ui-languages'
import { apiCall, latestCode, latestMessage } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'
import { codeFor, uniquePhone } from '../support/onboarding-journey-driver'
import { collectServerStrings, escapedTexts, pseudo as ps, type EscapedText } from '../support/pseudo-locale'

/*
 * No text escapes translation (the languages issue, item 7): one browser and one page go through every screen
 * in the pseudo-locale (en-XA: the English source with accented letters), and any text a person sees or hears
 * in plain Latin letters is a text that bypassed Lingui. Server data (names, titles, e-mails), dates and
 * numbers are left aside (test/support/pseudo-locale.ts). The workspace's routes are read from
 * src/routes/company-routes.tsx, so a new screen there fails the walk until the walk reaches it.
 */

const e2e = useServerAndBrowser()
const prefix = `/${pseudoLanguage}`
const escaped = new Map<string, EscapedText[]>()

/** Waits for the page to settle, then records what on it escaped translation. */
async function check(page: Page, serverStrings: ReadonlySet<string>, label = new URL(page.url()).pathname) {
  await page.waitForLoadState('networkidle')
  await page.locator('h1').first().waitFor()
  const found = await escapedTexts(page, serverStrings)
  if (found.length === 0) return
  escaped.set(label, [...(escaped.get(label) ?? []), ...found])
  console.log(
    `Escaped translation on ${label}:\n${found.map((t) => `  "${t.text}" (${t.where})`).join('\n')}`,
  )
}

const report = () =>
  [...escaped].map(([path, texts]) => `${path}\n${texts.map((t) => `  "${t.text}" (${t.where})`).join('\n')}`)

/** Signs in on the pseudo-locale's sign-in page, in a context of its own. */
async function signedIn(email: string) {
  const context = await e2e.browser.newContext()
  const page = await context.newPage()
  const serverStrings = collectServerStrings(page)
  await page.goto(`${e2e.server.origin}${prefix}/signin`)
  await page.getByLabel(ps('E-mail or phone')).fill(email)
  await page.getByLabel(ps('Password'), { exact: true }).fill('demo12345')
  await page.getByRole('button', { name: ps('Sign in') }).click()
  return { context, page, serverStrings }
}

/** The workspace routes under /company/$companyId, as company-routes.tsx declares them. */
const companyRoutePatterns = [
  ...readFileSync('src/routes/company-routes.tsx', 'utf8').matchAll(/^\s+path: '([^']*)',$/gm),
]
  .map((match) => match[1]!)
  .filter((path) => path !== 'company/$companyId')
  .map((path) => (path === '/' ? '' : path))

const patternOf = (rest: string): string | undefined => {
  const candidates = companyRoutePatterns.filter((pattern) =>
    new RegExp(`^${pattern.replace(/\$\w+/g, '[^/]+')}$`).test(rest),
  )
  // A fixed path wins over a parameter (services/new is not a service's key).
  return candidates.sort((a, b) => a.split('$').length - b.split('$').length)[0]
}

describe('the pseudo-locale walk', () => {
  // Each walk reports what it found itself.
  beforeEach(() => escaped.clear())

  it('finds every public screen translated', async () => {
    const context = await e2e.browser.newContext()
    const page = await context.newPage()
    const serverStrings = collectServerStrings(page)
    const origin = e2e.server.origin
    try {
      await page.goto(`${origin}${prefix}/signin`)
      await page.getByRole('heading', { name: ps('Sign in') }).waitFor()
      await check(page, serverStrings)

      await page.getByRole('link', { name: ps('Forgot your password?') }).click()
      await page.getByRole('button', { name: ps('Send a code') }).waitFor()
      await check(page, serverStrings)
      await page.getByLabel(ps('E-mail or phone')).fill('master@example.com')
      await page.getByRole('button', { name: ps('Send a code') }).click()
      await page.getByLabel(ps('Code'), { exact: true }).waitFor()
      await check(page, serverStrings)
      await page.getByLabel(ps('Code'), { exact: true }).fill(await latestCode(origin, 'master@example.com'))
      await page.getByRole('button', { name: ps('Confirm') }).click()
      await page.getByLabel(ps('New password'), { exact: true }).waitFor()
      await check(page, serverStrings)

      // The registration, step by step, as a new owner of one place.
      const phone = uniquePhone()
      await page.goto(`${origin}${prefix}/onboarding/first?onboarding=new`)
      await page.getByRole('button', { name: ps('I understand') }).waitFor()
      await check(page, serverStrings, 'onboarding/first (notice)')
      await page.getByRole('button', { name: ps('I understand') }).click()
      await check(page, serverStrings)
      await page.getByLabel(ps('Phone')).fill(phone.typed)
      await page.getByRole('button', { name: ps('Get a code') }).click()
      await page.getByRole('heading', { name: ps('Enter the code') }).waitFor()
      await check(page, serverStrings)
      await page.getByLabel(ps('Code'), { exact: true }).fill(await codeFor(origin, phone.digits))
      await page.getByRole('button', { name: ps('Confirm') }).click()
      await page.waitForURL(/\/onboarding\/second\/\d+$/)
      await check(page, serverStrings)
      // The answers' names are reference data the server writes (in English for the pseudo-locale).
      await page.getByLabel(ps('Your name')).fill('Walker')
      await page.getByLabel('One place').check()
      await page.getByLabel('Owner').check()
      await page.getByRole('button', { name: ps('Next') }).click()
      await page.waitForURL(/\/onboarding\/third\/\d+$/)
      await check(page, serverStrings)
      await page.getByLabel(ps('Company name')).fill('Walk salon')
      await page.getByLabel(ps('Type of business')).selectOption({ index: 1 })
      await page.getByLabel(ps('How many people work with you?')).selectOption({ index: 1 })
      await page.getByRole('button', { name: ps('Next') }).click()
      await page.waitForURL(/\/onboarding\/fourth\/\d+$/)
      await check(page, serverStrings)
      await page.getByLabel('Record clients online').check()
      await page.getByRole('button', { name: ps('Next') }).click()
      await page.waitForURL(/\/onboarding\/fifth\/\d+$/)
      await check(page, serverStrings)
      await page.getByLabel('Other').check()
      await page.getByLabel(ps('Your goal')).fill('Walk')
      await page.getByRole('button', { name: ps('Next') }).click()
      await page.waitForURL(/\/onboarding\/continue_register\/\d+$/)
      await check(page, serverStrings)

      // An invitation to Northern Barbers, opened by a newcomer.
      const { data } = await apiCall<{ access_token: string }>(origin, '/auth', {
        body: { login: 'other@example.com', password: 'demo12345' },
      })
      const companies = await apiCall<{ id: number }[]>(origin, '/companies', {
        method: 'GET',
        token: data.access_token,
      })
      const sent = await apiCall(origin, `/company/${companies.data[0]!.id}/invites`, {
        token: data.access_token,
        body: { email: 'walker@example.com', role: 'specialist', lang: 'en' },
      })
      expect(sent.status).toBe(201)
      const text = (await latestMessage(origin, 'walker@example.com'))!.text
      const token = /\/invite\/([\w-]+)/.exec(text)![1]!
      await page.goto(`${origin}${prefix}/invite/${token}`)
      await page.getByRole('heading', { name: ps('Join the team') }).waitFor()
      await check(page, serverStrings)

      // The salon's public booking page, step by step up to the code (services and names are salon data).
      await page.goto(`${origin}${prefix}/b2c/1`)
      await page.getByRole('heading', { name: ps('Choose services') }).waitFor()
      await check(page, serverStrings, 'b2c (services)')
      await page.getByRole('checkbox').first().check()
      await page.getByRole('button', { name: ps('Next') }).click()
      await page.getByRole('heading', { name: ps('Choose a staff member') }).waitFor()
      await check(page, serverStrings, 'b2c (staff)')
      await page.getByRole('button', { name: ps('Next') }).click()
      await page.getByRole('heading', { name: ps('Choose a time') }).waitFor()
      await page
        .getByRole('group', { name: ps('Day') })
        .getByRole('button')
        .nth(1)
        .click()
      const firstTime = page
        .getByRole('group', { name: ps('Free times') })
        .getByRole('button')
        .first()
      await firstTime.waitFor()
      await check(page, serverStrings, 'b2c (time)')
      await firstTime.click()
      await page.getByRole('heading', { name: ps('Your contacts') }).waitFor()
      await check(page, serverStrings, 'b2c (contacts)')
      await page.getByLabel(ps('Your name')).fill('Walker')
      await page.getByLabel(ps('Phone')).fill(uniquePhone().typed)
      await page.getByRole('button', { name: ps('Get a code') }).click()
      await page.getByRole('heading', { name: ps('Confirm the booking') }).waitFor()
      await check(page, serverStrings, 'b2c (code)')
    } finally {
      await context.close()
    }
    expect(report()).toEqual([])
  })

  it('finds every screen of the demo owner’s workspace translated, and walks every workspace route', async () => {
    const context = await e2e.browser.newContext()
    const page = await context.newPage()
    const serverStrings = collectServerStrings(page)
    const origin = e2e.server.origin
    const visited = new Map<string, string>()
    try {
      await page.goto(`${origin}${prefix}/signin`)
      await page.getByLabel(ps('E-mail or phone')).fill('demo@example.com')
      await page.getByLabel(ps('Password'), { exact: true }).fill('demo12345')
      await page.getByRole('button', { name: ps('Sign in') }).click()
      const companyLink = page.locator(`a[href^="${prefix}/company/"]`).first()
      await companyLink.waitFor({ state: 'attached' })
      const base = /^\/[^/]+\/company\/\d+/.exec((await companyLink.getAttribute('href'))!)![0]
      // Breadth first, one address per route: the sections of the navigation, then what their pages link to.
      const queue = [base]
      while (queue.length > 0) {
        const path = queue.shift()!
        const pattern = patternOf(path.slice(base.length).replace(/^\//, ''))
        if (pattern === undefined || visited.has(pattern)) continue
        visited.set(pattern, path)
        await page.goto(`${origin}${path}`)
        await check(page, serverStrings)
        const links = await page
          .locator(`a[href^="${base}"]`)
          .evaluateAll((anchors) =>
            anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname),
          )
        queue.push(...links)
      }
    } finally {
      await context.close()
    }
    expect(report()).toEqual([])
    expect(companyRoutePatterns.filter((pattern) => !visited.has(pattern))).toEqual([])
  })
  it('finds the signed-in screens outside the workspace translated: home, security, support, translator, second factor', async () => {
    const origin = e2e.server.origin
    // The owner's home (her first company's overview) and her sign-in security, with the choices it reveals.
    const owner = await signedIn('demo@example.com')
    try {
      const { page, serverStrings } = owner
      await page.waitForURL(new RegExp(`${prefix}/?$`))
      await check(page, serverStrings, 'home (owner)')
      const companyLink = page.locator(`a[href^="${prefix}/company/"]`).first()
      await companyLink.waitFor({ state: 'attached' })
      const base = /^\/[^/]+\/company\/\d+/.exec((await companyLink.getAttribute('href'))!)![0]
      await page.goto(`${origin}${base}/security`)
      await page.getByTestId('session').first().waitFor()
      await check(page, serverStrings, 'security and sessions')
      await page.getByLabel(ps('Authenticator app')).check()
      await page.getByRole('button', { name: ps('Save'), exact: true }).click()
      await page.getByText(ps('Enter your current password.')).waitFor()
      await check(page, serverStrings, 'security (authenticator app chosen, no password)')
    } finally {
      await owner.context.close()
    }

    // Support staff, translators too: a home without a company, the accounts they may act as, the missing keys.
    const support = await signedIn('support@example.com')
    try {
      const { page, serverStrings } = support
      const panel = page.getByRole('region', { name: ps('Sign in as a customer') })
      await panel.waitFor()
      await check(page, serverStrings, 'home (support)')
      await panel.getByLabel(ps('Name, e-mail or phone')).fill('0000000')
      await panel.getByRole('button', { name: ps('Find') }).click()
      await panel.getByText(/0000000/).waitFor()
      await check(page, serverStrings, 'home (support, nothing found)')
      await panel.getByLabel(ps('Name, e-mail or phone')).fill('demo@')
      await panel.getByRole('button', { name: ps('Find') }).click()
      await panel.locator('.switch-user__results button').first().waitFor()
      await check(page, serverStrings, 'home (support, accounts found)')

      await page.goto(`${origin}${prefix}/translations/missing`)
      await check(page, serverStrings, 'translations/missing (translator)')

      await page.goto(`${origin}${prefix}/`)
      await panel.getByLabel(ps('Name, e-mail or phone')).fill('demo@')
      await panel.getByRole('button', { name: ps('Find') }).click()
      await panel.locator('.switch-user__results button').first().click()
      await page.getByTestId('acting-as').waitFor()
      await check(page, serverStrings, 'home (support acting as the owner)')
      const companyLink = page.locator(`a[href^="${prefix}/company/"]`).first()
      await companyLink.waitFor({ state: 'attached' })
      const base = /^\/[^/]+\/company\/\d+/.exec((await companyLink.getAttribute('href'))!)![0]
      await page.goto(`${origin}${base}/security`)
      await page.getByTestId('acting-as').waitFor()
      await check(page, serverStrings, 'security (support acting as the owner)')
    } finally {
      await support.context.close()
    }

    // The second factor: the code step, a wrong code, then the right one.
    const twofa = await signedIn('twofa@example.com')
    try {
      const { page, serverStrings } = twofa
      await page.getByRole('heading', { name: ps('Confirm it is you') }).waitFor()
      await check(page, serverStrings, 'signin/2fa')
      await page.getByLabel(ps('Code'), { exact: true }).fill('000000')
      await page.getByRole('button', { name: ps('Confirm') }).click()
      await page.getByRole('alert').filter({ hasText: /\S/ }).first().waitFor()
      await check(page, serverStrings, 'signin/2fa (wrong code)')
      await page.getByLabel(ps('Code'), { exact: true }).fill(await latestCode(origin, 'twofa@example.com'))
      await page.getByRole('button', { name: ps('Confirm') }).click()
      await page.waitForURL(new RegExp(`${prefix}/?$`))
      await check(page, serverStrings, 'home (after the second factor)')
    } finally {
      await twofa.context.close()
    }
    expect(report()).toEqual([])
  })
})
