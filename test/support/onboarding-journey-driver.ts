import type { Frame, Page } from 'playwright-core'
import { expect } from 'vitest'

/**
 * Drives the onboarding screens as a visitor does, on a page of its own or inside an admin application's
 * frame: both offer the same locators, so the journeys read the same in either place.
 */
export type Surface = Page | Frame

export const pathOf = (surface: Surface) => new URL(surface.url()).pathname

const password = 'Correct-Horse-42-battery'

export interface Phone {
  typed: string
  digits: string
}

/** A Russian mobile number nobody else in this run uses. */
export function uniquePhone(): Phone {
  const local = String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')
  return { typed: `+7 912 ${local}`, digits: `7912${local}` }
}

/** The newest code sent to `digits`, read from the development outbox of `origin` as a tester would. */
export async function codeFor(origin: string, digits: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const reply = (await (await fetch(`${origin}/api/v1/dev/outbox`)).json()) as {
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

/** What a journey adds to the driver's steps: a query for the first address, and a look at each screen seen. */
export interface JourneyHooks {
  /** Appended to the first address (`inspect=1` while the flow screenshots are taken). */
  query?: string
  /** Called where a screen has been seen, before anything on it is touched (test/support/journey-flow-screens.ts). */
  seen?: () => Promise<void>
}

/** The first step and the code, up to the second step, on the app served at `origin`. */
export async function registerPhone(
  surface: Surface,
  origin: string,
  table: 'new' | 'old',
  phone: Phone,
  hooks: JourneyHooks = {},
) {
  await surface.goto(
    `${origin}/en/onboarding/first?onboarding=${table}${hooks.query ? `&${hooks.query}` : ''}`,
  )
  await surface.getByRole('button', { name: 'I understand' }).waitFor()
  await hooks.seen?.()
  await surface.getByRole('button', { name: 'I understand' }).click()
  await surface.getByLabel('Phone').waitFor()
  await hooks.seen?.()
  await surface.getByLabel('Phone').fill(phone.typed)
  await surface.getByRole('button', { name: 'Get a code' }).click()
  await surface.getByRole('heading', { name: 'Enter the code' }).waitFor()
  expect(pathOf(surface)).toMatch(/^\/en\/onboarding\/confirm_code\/\d+$/)
  await hooks.seen?.()
  await surface.getByLabel('Code', { exact: true }).fill(await codeFor(origin, phone.digits))
  await surface.getByRole('button', { name: 'Confirm' }).click()
  await surface.waitForURL(/\/en\/onboarding\/second\/\d+$/)
}

/** Continue-register: a phone was confirmed, so the account adds an e-mail and a password. */
export async function finishAccount(surface: Surface, button: string, hooks: JourneyHooks = {}) {
  await surface.getByLabel('E-mail').waitFor()
  await hooks.seen?.()
  await surface.getByLabel('E-mail').fill(`visitor-${crypto.randomUUID()}@example.com`)
  await surface.getByLabel('Password', { exact: true }).fill(password)
  await surface.getByLabel('Repeat the password').fill(password)
  await surface.getByRole('button', { name: button }).click()
}

/**
 * The newer table's questionnaire for an owner of one place, from the second step through creating the
 * company; the registration is complete when the last click's answer arrives.
 */
export async function answerNewerTable(
  surface: Surface,
  answers: { name: string; company: string },
  hooks: JourneyHooks = {},
) {
  await surface.getByRole('heading', { name: 'Tell us about yourself' }).waitFor()
  await hooks.seen?.()
  await surface.getByLabel('Your name').fill(answers.name)
  await surface.getByLabel('One place').check()
  await surface.getByLabel('Owner').check()
  await surface.getByRole('button', { name: 'Next' }).click()

  await surface.waitForURL(/\/en\/onboarding\/third\/\d+$/)
  await surface.getByLabel('Company name').waitFor()
  await hooks.seen?.()
  await surface.getByLabel('Company name').fill(answers.company)
  await surface.getByLabel('Type of business').selectOption({ label: 'Hair salon' })
  await surface.getByLabel('How many people work with you?').selectOption({ label: '2 to 5' })
  await surface.getByRole('button', { name: 'Next' }).click()

  await surface.waitForURL(/\/en\/onboarding\/fourth\/\d+$/)
  await surface.getByLabel('Record clients online').waitFor()
  await hooks.seen?.()
  await surface.getByLabel('Record clients online').check()
  await surface.getByRole('button', { name: 'Next' }).click()

  await surface.waitForURL(/\/en\/onboarding\/fifth\/\d+$/)
  await surface.getByLabel('Other').waitFor()
  await hooks.seen?.()
  await surface.getByLabel('Other').check()
  await surface.getByLabel('Your goal').fill('Sell gift cards')
  // The account page follows for a new visitor, so the fifth step's button says Next, not Finish.
  await surface.getByRole('button', { name: 'Next' }).click()

  await surface.waitForURL(/\/en\/onboarding\/continue_register\/\d+$/)
  await finishAccount(surface, 'Create the company', hooks)
}
