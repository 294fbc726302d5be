import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { confirmationChannelMachine } from '../../machines/confirmation-channel'
import { onboardingMachine } from '../../machines/onboarding'
import { sessionMachine } from '../../machines/session'
import { launchBrowser } from '../support/browser'
import { signInOnPage } from '../support/e2e-journey-helpers'
import { startServer, type RunningServer } from '../support/e2e-server'
import { flowScreensRequested } from '../support/flow-screens-capture'
import { holdRequest } from '../support/held-request'
import { createJourneyFlowScreens } from '../support/journey-flow-screens'
import {
  answerNewerTable,
  codeFor,
  finishAccount,
  pathOf,
  registerPhone,
  uniquePhone,
  type JourneyHooks,
} from '../support/onboarding-journey-driver'

let server: RunningServer
let browser: Browser
/**
 * `npm run docs:flow-screens -- --machine onboarding` photographs each screen these journeys see. The code's
 * confirmationChannel, a child actor of onboarding whose states name no route, is drawn on the confirm-code page.
 */
const screens = createJourneyFlowScreens([onboardingMachine, sessionMachine, confirmationChannelMachine], {
  confirmationChannel: '/onboarding/confirm_code/$id',
})

beforeAll(async () => {
  // Six journeys take a first step from this address: the reCAPTCHA that a sixth would need is not what they test.
  server = await startServer({ ONBOARDING_RECAPTCHA_AFTER: '10' })
  browser = await launchBrowser()
})

afterAll(async () => {
  screens.finish()
  await browser?.close()
  const exitCode = await server?.stop()
  expect(exitCode).toBe(0)
})

/**
 * A context whose screens are photographed while docs:flow-screens runs, and the hooks of its page; `clock`
 * puts the page on the test's clock (the resend countdown).
 */
async function openJourney(
  options: { clock?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; hooks: JourneyHooks }> {
  const context = await browser.newContext()
  await screens.follow(context)
  if (options.clock) await context.clock.install()
  const page = await context.newPage()
  return { context, page, hooks: { query: screens.inspectQuery, seen: () => screens.shoot(page) } }
}

/** The end of a registration: the completion page leads to the new account's home. */
async function goToAccount(page: Page) {
  await page.getByRole('heading', { name: 'Registration complete' }).waitFor()
  expect(pathOf(page)).toMatch(/^\/en\/onboarding\/complete\/\d+$/)
  await screens.shoot(page)
  await page.getByRole('link', { name: 'Go to your account' }).click()
}

/**
 * The older table's second to fourth steps for a one-person company in a hair salon (the fourth answered "Other"):
 * what a journey fills on its way to the end of the questionnaire.
 */
async function answerOlderSteps(page: Page, answers: { name: string; company: string; role: string }) {
  await page.getByLabel('Your name').fill(answers.name)
  await page.getByLabel('One place').check()
  await page.getByLabel('Company name').fill(answers.company)
  await page.getByLabel(answers.role).check()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.waitForURL(/\/en\/onboarding\/third\/\d+$/)
  await page.getByLabel('Type of business').selectOption({ label: 'Hair salon' })
  await page.getByLabel('How many people work with you?').selectOption({ label: 'Just me' })
  await page.getByRole('button', { name: 'Next' }).click()
  await page.waitForURL(/\/en\/onboarding\/fourth\/\d+$/)
  await page.getByLabel('How did you hear of us?').selectOption({ label: 'Other' })
}

// Photographing every screen at two widths in two languages adds seconds per screen (docs:flow-screens only).
describe('registering through onboarding', { timeout: flowScreensRequested ? 600_000 : undefined }, () => {
  it('registers a company through the newer table and lands signed in on its home page', async () => {
    const { context, page, hooks } = await openJourney()
    await registerPhone(page, server.origin, 'new', uniquePhone(), hooks)

    await answerNewerTable(page, { name: 'Nina', company: 'Nina Hair' }, hooks)
    await goToAccount(page)

    await page.getByRole('heading', { name: 'Nina Hair' }).waitFor()
    expect(pathOf(page)).toBe('/en')
    await page.getByText('Signed in as Nina').waitFor()
    // The session's signed-in state is whatever page the user is on: here, the new company's home.
    await screens.shoot(page, sessionMachine)

    // Signing out ends the session: the sign-in page is its signed-out screen.
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.getByRole('heading', { name: 'Sign in' }).waitFor()
    expect(pathOf(page)).toBe('/en/signin')
    await screens.shoot(page, sessionMachine)
    await context.close()
  })

  it('registers an individual practitioner through the older table, with the welcome screen', async () => {
    const { context, page, hooks } = await openJourney()
    await registerPhone(page, server.origin, 'old', uniquePhone(), hooks)

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
    // The city is looked up in the chosen country: Russia first, where a Berlin is no city; then Germany.
    const cityField = page.getByLabel('City', { exact: true })
    const cityChoice = page.getByLabel('Choose your city')
    await cityField.fill('Moskva')
    await cityChoice
      .locator('option', { hasText: /^Moscow/ })
      .first()
      .waitFor({ state: 'attached' })
    const searchInRussia = page.waitForResponse((response) => response.url().includes('term=Berlin'))
    await cityField.fill('Berlin')
    const inRussia = await searchInRussia
    expect(new URL(inRussia.url()).searchParams.get('country_id')).toBe('1')
    expect((await inRussia.json()).data).toEqual([])
    await expect.poll(() => cityChoice.count()).toBe(0)
    await page.getByLabel('Country').selectOption({ label: 'Germany' })
    await cityField.fill('Berlin')
    await cityChoice.selectOption({ label: 'Berlin, State of Berlin' })
    await page.getByLabel('How did you hear of us?').selectOption({ label: 'Search engine' })
    await page.getByRole('button', { name: 'Next' }).click()

    // The older table has no fifth step.
    await page.waitForURL(/\/en\/onboarding\/continue_register\/\d+$/)
    await finishAccount(page, 'Create the company')

    await page.getByRole('heading', { name: 'Welcome, Oleg!' }).waitFor()
    expect(pathOf(page)).toMatch(/^\/en\/onboarding_individual\/welcome\/\d+$/)
    await screens.shoot(page)
    await page.getByRole('button', { name: 'Start working' }).click()
    await goToAccount(page)
    await page.getByText('Signed in as Oleg').waitFor()
    expect(pathOf(page)).toBe('/en')
    await context.close()
  })

  it('carries on after a reload in the middle of the questionnaire', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await registerPhone(page, server.origin, 'old', uniquePhone())

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

  it('finishes for a signed-in user without a company, who tries again after the finish failed', async () => {
    const { context, page } = await openJourney()
    const query = screens.inspectQuery ? `&${screens.inspectQuery}` : ''
    // The seed's support account belongs to no company: signed in, it registers one of its own.
    await page.goto(`${server.origin}/en/signin?${query.slice(1)}`)
    await signInOnPage(page, 'support@example.com', 'demo12345')
    await page.waitForURL((url) => !url.pathname.endsWith('/signin'))
    await page.goto(`${server.origin}/en/onboarding/first?onboarding=old${query}`)
    await page.getByRole('button', { name: 'I understand' }).click()
    await page.getByLabel('Phone').fill(uniquePhone().typed)
    await page.getByRole('button', { name: 'Get a code' }).click()
    // Signing in proved who the user is: no code to confirm.
    await page.waitForURL(/\/en\/onboarding\/second\/\d+$/)
    await answerOlderSteps(page, { name: 'Sofia', company: 'Sofia Studio', role: 'Owner' })

    // The company cannot be created (the connection drops): the user is told so and may try again.
    const createCompany = '**/api/v1/onboarding/create_company/*'
    await page.route(createCompany, (route) => route.abort('internetdisconnected'))
    await page.getByRole('button', { name: 'Finish' }).click()
    await page.getByText('Your company could not be set up. Please try again.').waitFor()
    // The screen says it; the toast beside it would stay English in the Russian picture.
    await page.locator('.toast__close').click()
    await screens.shoot(page, onboardingMachine)
    await page.unroute(createCompany)
    await page.getByRole('button', { name: 'Try again' }).click()
    await goToAccount(page)
    await page.getByRole('heading', { name: 'Sofia Studio' }).waitFor()
    await context.close()
  })

  it('locks the code after too many wrong ones, and shows the wait the server asks for when a new code is asked for too early', async () => {
    const { context, page, hooks } = await openJourney({ clock: true })
    const phone = uniquePhone()
    await page.goto(`${server.origin}/en/onboarding/first?onboarding=new&${hooks.query ?? ''}`)
    await page.getByRole('button', { name: 'I understand' }).click()
    await page.getByLabel('Phone').fill(phone.typed)
    await page.getByRole('button', { name: 'Get a code' }).click()
    await page.getByRole('heading', { name: 'Enter the code' }).waitFor()
    await page.getByText('You can ask for a new code in', { exact: false }).waitFor()
    await screens.shoot(page)

    // A wrong code is being checked (its answer held back a moment), then refused, until none is left.
    const wrong = (await codeFor(server.origin, phone.digits)) === '000000' ? '111111' : '000000'
    const code = page.getByLabel('Code', { exact: true })
    const check = holdRequest(context, '/api/v1/onboarding/confirm_code/*')
    await code.fill(wrong)
    await page.getByRole('button', { name: 'Confirm' }).click()
    await check.arrived
    await page.locator('button[type="submit"][aria-busy="true"]').waitFor()
    await screens.shoot(page, confirmationChannelMachine, { waitForNetwork: false })
    const confirm = page.locator('button[type="submit"]')
    const answer = () =>
      page.waitForResponse((response) => response.url().includes('/api/v1/onboarding/confirm_code/'))
    /** The answer has arrived and been shown: the form is no longer busy, or code entry is locked. */
    const settled = async () =>
      expect
        .poll(async () => (await code.isDisabled()) || (await confirm.getAttribute('aria-busy')) !== 'true')
        .toBe(true)
    const firstAnswer = answer()
    await check.release((route) => route.continue())
    await firstAnswer
    await settled()
    for (let attempt = 0; attempt < 10 && !(await code.isDisabled()); attempt += 1) {
      const answered = answer()
      await code.fill(wrong)
      await confirm.click()
      await answered
      await settled()
    }
    expect(await code.isDisabled()).toBe(true)
    // The screen says it; the toast beside it would stay English in the Russian picture.
    if (await page.locator('.toast__close').count()) await page.locator('.toast__close').click()
    await screens.shoot(page, confirmationChannelMachine)

    // The page's clock runs a minute ahead, so its countdown ends before the server's wait does: a call asked for
    // now is refused, and the countdown shows the wait the server names; the code stays locked.
    await context.clock.runFor(61_000)
    await page.getByRole('button', { name: 'Call me again' }).waitFor()
    await screens.shoot(page, confirmationChannelMachine)
    const sending = holdRequest(context, '/api/v1/onboarding/send_confirm_code/*')
    await page.getByRole('button', { name: 'Call me again' }).click()
    await sending.arrived
    await screens.shoot(page, confirmationChannelMachine, { waitForNetwork: false })
    const sent = page.waitForResponse((response) => response.url().includes('/send_confirm_code/'))
    await sending.release((route) => route.continue())
    expect((await sent).status()).toBe(429)
    await page.getByText(/You can ask for a new code in (5\d|60) s\./).waitFor()
    expect(await page.getByRole('button', { name: 'Call me again' }).count()).toBe(0)
    expect(await code.isDisabled()).toBe(true)
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

    const { context, page, hooks } = await openJourney()
    await registerPhone(page, server.origin, 'old', phone, hooks)
    await answerOlderSteps(page, { name: 'Rita', company: 'Rita Nails', role: 'Administrator' })
    await page.getByRole('button', { name: 'Next' }).click()

    await page.getByRole('heading', { name: 'You have invitations' }).waitFor()
    expect(pathOf(page)).toMatch(/^\/en\/onboarding\/create_or_join\/\d+$/)
    await page.getByText(company.title).waitFor()
    await screens.shoot(page)
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
