import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser'
import { startServer, type RunningServer } from '../support/e2e-server'

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

const pathOf = (page: Page) => new URL(page.url()).pathname
const password = 'Correct-Horse-42-battery'

/** A Russian mobile number nobody else in this run uses. */
function uniquePhone(): { typed: string; digits: string } {
  const local = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')
  return { typed: `+7 912 ${local}`, digits: `7912${local}` }
}

/** The newest code sent to `digits`, read from the development outbox as a tester would. */
async function codeFor(digits: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const reply = (await (await fetch(`${server.origin}/api/v1/dev/outbox`)).json()) as {
      data: { recipient: string; text: string }[]
    }
    const message = reply.data.find((item) => item.recipient.replace(/\D/g, '') === digits)
    // A call speaks the digits one by one ("8 2 0 4 9 8"); an SMS or e-mail writes them together.
    const code = message?.text.match(/\b\d(?: ?\d){5}\b/)?.[0]?.replace(/ /g, '')
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no code was sent to ${digits}`)
}

/** The first step and the code, up to the second step. */
async function registerPhone(page: Page, table: 'new' | 'old', phone: { typed: string; digits: string }) {
  await page.goto(`${server.origin}/en/onboarding/first?onboarding=${table}`)
  await page.getByRole('button', { name: 'I understand' }).click()
  await page.getByLabel('Phone').fill(phone.typed)
  await page.getByRole('button', { name: 'Get a code' }).click()
  await page.getByRole('heading', { name: 'Enter the code' }).waitFor()
  expect(pathOf(page)).toMatch(/^\/en\/onboarding\/confirm_code\/\d+$/)
  await page.getByLabel('Code', { exact: true }).fill(await codeFor(phone.digits))
  await page.getByRole('button', { name: 'Confirm' }).click()
  await page.waitForURL(/\/en\/onboarding\/second\/\d+$/)
}

/** The end of a registration: the completion page leads to the new account's home. */
async function goToAccount(page: Page) {
  await page.getByRole('heading', { name: 'Registration complete' }).waitFor()
  expect(pathOf(page)).toMatch(/^\/en\/onboarding\/complete\/\d+$/)
  await page.getByRole('link', { name: 'Go to your account' }).click()
}

/** Continue-register: a phone was confirmed, so the account adds an e-mail and a password. */
async function finishAccount(page: Page, button: string) {
  await page.getByLabel('E-mail').fill(`visitor-${crypto.randomUUID()}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Repeat the password').fill(password)
  await page.getByRole('button', { name: button }).click()
}

describe('registering through onboarding', () => {
  it('registers a company through the newer table and lands signed in on its home page', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await registerPhone(page, 'new', uniquePhone())

    await page.getByRole('heading', { name: 'Tell us about yourself' }).waitFor()
    await page.getByLabel('Your name').fill('Nina')
    await page.getByLabel('One place').check()
    await page.getByLabel('Owner').check()
    await page.getByRole('button', { name: 'Next' }).click()

    await page.waitForURL(/\/en\/onboarding\/third\/\d+$/)
    await page.getByLabel('Company name').fill('Nina Hair')
    await page.getByLabel('Type of business').selectOption({ label: 'Hair salon' })
    await page.getByLabel('How many people work with you?').selectOption({ label: '2 to 5' })
    await page.getByRole('button', { name: 'Next' }).click()

    await page.waitForURL(/\/en\/onboarding\/fourth\/\d+$/)
    await page.getByLabel('Record clients online').check()
    await page.getByRole('button', { name: 'Next' }).click()

    await page.waitForURL(/\/en\/onboarding\/fifth\/\d+$/)
    await page.getByLabel('Other').check()
    await page.getByLabel('Your goal').fill('Sell gift cards')
    await page.getByRole('button', { name: 'Finish' }).click()

    await page.waitForURL(/\/en\/onboarding\/continue_register\/\d+$/)
    await finishAccount(page, 'Create the company')
    await goToAccount(page)

    await page.getByRole('heading', { name: 'Nina Hair' }).waitFor()
    expect(pathOf(page)).toBe('/en')
    await page.getByText('Signed in as Nina').waitFor()
    await context.close()
  })

  it('registers an individual practitioner through the older table, with the welcome screen', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await registerPhone(page, 'old', uniquePhone())

    await page.getByRole('heading', { name: 'About you and your business' }).waitFor()
    await page.getByLabel('Your name').fill('Oleg')
    await page.getByLabel('I work by myself').check()
    // An individual practitioner is the owner of a business without a separate name.
    expect(await page.getByLabel('Company name').count()).toBe(0)
    expect(await page.getByLabel('Owner').count()).toBe(0)
    await page.getByRole('button', { name: 'Next' }).click()

    await page.waitForURL(/\/en\/onboarding\/third\/\d+$/)
    await page.getByLabel('Line of business').selectOption({ label: 'Barbershop' })
    await page.getByRole('button', { name: 'Next' }).click()

    await page.waitForURL(/\/en\/onboarding\/fourth\/\d+$/)
    await page.getByLabel('How did you hear of us?').selectOption({ label: 'Search engine' })
    await page.getByRole('button', { name: 'Next' }).click()

    // The older table has no fifth step.
    await page.waitForURL(/\/en\/onboarding\/continue_register\/\d+$/)
    await finishAccount(page, 'Create the company')

    await page.getByRole('heading', { name: 'Welcome, Oleg!' }).waitFor()
    expect(pathOf(page)).toMatch(/^\/en\/onboarding_individual\/welcome\/\d+$/)
    await page.getByRole('button', { name: 'Start working' }).click()
    await goToAccount(page)
    await page.getByText('Signed in as Oleg').waitFor()
    expect(pathOf(page)).toBe('/en')
    await context.close()
  })

  it('carries on after a reload in the middle of the questionnaire', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await registerPhone(page, 'old', uniquePhone())

    await page.getByLabel('Your name').fill('Pavel')
    await page.getByLabel('Several places').check()
    await page.getByLabel('Company name').fill('Pavel Barbers')
    await page.getByLabel('Manager').check()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL(/\/en\/onboarding\/third\/\d+$/)
    const third = pathOf(page)

    // The progress lives on the server: a reload restores it and stays on the step.
    await page.reload()
    await page.getByRole('heading', { name: 'Your business' }).waitFor()
    expect(pathOf(page)).toBe(third)

    // Opening a step further on lands on the step the progress allows.
    await page.goto(`${server.origin}${third.replace('third', 'fourth')}`)
    await page.getByRole('heading', { name: 'Your business' }).waitFor()
    expect(pathOf(page)).toBe(third)

    await page.getByLabel('Type of business').selectOption({ label: 'Barbershop' })
    await page.getByLabel('How many people work with you?').selectOption({ label: '6 to 10' })
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL(/\/en\/onboarding\/fourth\/\d+$/)
    await page.getByLabel('How did you hear of us?').selectOption({ label: 'Recommendation' })
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL(/\/en\/onboarding\/continue_register\/\d+$/)
    await finishAccount(page, 'Create the company')
    await goToAccount(page)
    await page.getByRole('heading', { name: 'Pavel Barbers' }).waitFor()
    expect(pathOf(page)).toBe('/en')
    await context.close()
  })

  it('joins an existing company from the invites list', async () => {
    const phone = uniquePhone()
    // The demo owner invites the phone through the API, as the staff screens do.
    const signIn = (await (
      await fetch(`${server.origin}/api/v1/auth`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: 'demo@example.com', password: 'demo12345' }),
      })
    ).json()) as { data: { access_token: string } }
    const authorization = `Bearer ${signIn.data.access_token}`
    const companies = (await (
      await fetch(`${server.origin}/api/v1/companies`, { headers: { Authorization: authorization } })
    ).json()) as { data: { id: number; title: string }[] }
    const company = companies.data[0]!
    const invite = await fetch(`${server.origin}/api/v1/company/${company.id}/invites`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: authorization },
      body: JSON.stringify({ phone: phone.typed, role: 'administrator' }),
    })
    expect(invite.status).toBe(201)

    const context = await browser.newContext()
    const page = await context.newPage()
    await registerPhone(page, 'old', phone)
    await page.getByLabel('Your name').fill('Rita')
    await page.getByLabel('One place').check()
    await page.getByLabel('Company name').fill('Rita Nails')
    await page.getByLabel('Administrator').check()
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL(/\/en\/onboarding\/third\/\d+$/)
    await page.getByLabel('Type of business').selectOption({ label: 'Hair salon' })
    await page.getByLabel('How many people work with you?').selectOption({ label: 'Just me' })
    await page.getByRole('button', { name: 'Next' }).click()
    await page.waitForURL(/\/en\/onboarding\/fourth\/\d+$/)
    await page.getByLabel('How did you hear of us?').selectOption({ label: 'Other' })
    await page.getByRole('button', { name: 'Next' }).click()

    await page.getByRole('heading', { name: 'You have invitations' }).waitFor()
    expect(pathOf(page)).toMatch(/^\/en\/onboarding\/create_or_join\/\d+$/)
    await page.getByText(company.title).waitFor()
    await page.getByRole('button', { name: 'Join' }).click()

    await page.getByRole('heading', { name: 'Create your account to join' }).waitFor()
    await finishAccount(page, 'Join')
    await goToAccount(page)
    await page.getByRole('heading', { name: company.title }).waitFor()
    await page.getByText('Signed in as Rita').waitFor()
    expect(pathOf(page)).toBe('/en')
    await context.close()
  })
})
