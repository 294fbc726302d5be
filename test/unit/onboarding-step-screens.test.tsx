import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProgressView } from '../../machines/onboarding'
import type { OnboardingStatus } from '../../contract/onboarding/schemas'
import { ok } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'
import {
  clearOnboardingCookies,
  createOnboardingApi,
  statusOf,
  type OnboardingApi,
} from '../model/onboarding.fake-api'
import { progressAt, progressId } from '../model/onboarding.model'

// What the registration's screens say and send, as a visitor reads and fills them in: each table's title, the way
// to sign in instead, where the code went (by call, SMS or e-mail) and which other ways are offered; then the
// questionnaire's steps with their fields, what each step sends, and the answers shown again on the way back. The
// model-based suite (test/model/onboarding.screens.test.tsx) walks the flow's states with the steps left as they are.

const server = useMswServer()

let app: RenderedApp | undefined
let api: OnboardingApi | undefined

afterEach(() => {
  cleanup()
  app?.session.stop()
  api?.release()
  clearAppCookies()
  clearOnboardingCookies()
  app = api = undefined
})

/** The registration opened at `path` by a visitor who has already read the notice; its calls held by `api`. */
function openRegistration(path: string): OnboardingApi {
  api = createOnboardingApi()
  server.use(...api.handlers)
  document.cookie = 'onboarding_notice_accepted=1; Path=/'
  app = renderApp(path)
  return api
}

async function openFirstStep(path: string) {
  openRegistration(path)
  return screen.findByRole('heading', { level: 1 })
}

/** The buttons that ask for a new code, in their order on the screen. */
const offeredWays = () => [...document.querySelectorAll('.resend button')].map((button) => button.textContent)

/**
 * The first step sent, and the server's answer that the code went by `channel`, with the seconds before another
 * may be asked for and the calls made so far (an SMS is offered after two).
 */
async function codeSentBy(channel: ProgressView['channel'], { timeToCall = 30, callCount = 1 } = {}) {
  await userEvent.type(screen.getByLabelText('Phone'), '+7 900 1234567')
  await userEvent.click(screen.getByRole('button', { name: /Get a code$/ }))
  await api!.first.next()
  await api!.first.answer(ok(statusOf({ ...progressAt(0), channel, timeToCall, callCount })))
  return screen.findByRole('heading', { name: 'Enter the code' })
}

describe('the first step', () => {
  it('is titled for the newer table, with a way to sign in instead in the same language', async () => {
    await openFirstStep('/en/onboarding/first?onboarding=new')
    await screen.findByRole('heading', { name: 'Try it free for your business' })
    expect(document.title).toBe('Try it free for your business · Salon')
    expect(screen.getByText(/Online booking, schedule, clients and finances in one place/)).toBeTruthy()
    expect(screen.getByText(/Already registered\?/).textContent).toBe('Already registered? Sign in')
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/en/signin')
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('is titled "Registration" for the older table, and signs in at the unprefixed address in Russian', async () => {
    await openFirstStep('/en/onboarding/first?onboarding=old')
    await screen.findByRole('heading', { name: 'Registration' })
    expect(document.title).toBe('Registration · Salon')
    expect(screen.queryByText(/Online booking, schedule, clients and finances in one place/)).toBeNull()
    cleanup()
    app?.session.stop()
    api?.release()
    await openFirstStep('/onboarding/first?onboarding=old')
    // The Russian page's link: the unprefixed address, never /ru/signin.
    await waitFor(() => expect(document.querySelector('.onboarding-card a[href="/signin"]')).not.toBeNull())
    expect(document.querySelector('a[href="/ru/signin"]')).toBeNull()
  })
})

describe('the code screen', () => {
  it('says a call is coming to the phone, and offers the other ways once the countdown ends', async () => {
    await openFirstStep('/en/onboarding/first?onboarding=new')
    await codeSentBy('call', { timeToCall: 1 })
    expect(document.title).toBe('Enter the code · Salon')
    await screen.findByText('We are calling +7 900 ***-**-67: the code is the 6 digits you hear.')
    await screen.findByRole('button', { name: 'Call me again' }, { timeout: 5000 })
    // After one call an SMS is not offered yet.
    expect(offeredWays()).toEqual(['Call me again', 'Send by e-mail'])
  })

  it('says the code went by SMS to the phone, and offers an SMS again after two calls', async () => {
    await openFirstStep('/en/onboarding/first?onboarding=new')
    await codeSentBy('sms', { timeToCall: 1, callCount: 2 })
    await screen.findByText('We sent a 6-digit code by SMS to +7 900 ***-**-67.')
    await screen.findByRole('button', { name: 'Send an SMS' }, { timeout: 5000 })
    expect(offeredWays()).toEqual(['Call me again', 'Send an SMS', 'Send by e-mail'])
  })

  it('says the code went to the e-mail', async () => {
    await openFirstStep('/en/onboarding/first?onboarding=new')
    await codeSentBy('email')
    await screen.findByText('We sent a 6-digit code to ve***@example.com.')
  })

  it('keeps a short code on the screen with its sentence, and sends nothing', async () => {
    await openFirstStep('/en/onboarding/first?onboarding=new')
    await codeSentBy('call')
    await userEvent.type(screen.getByLabelText('Code'), '12')
    await userEvent.click(screen.getByRole('button', { name: /Confirm$/ }))
    await screen.findByText('The code has 6 digits.')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Code')))
    expect(api!.confirm.count).toBe(0)
  })
})

/** The server's status once step `lastCompletedStep` (0 the first, 1 the second ...) is done, with the answers so far. */
function status(
  lastCompletedStep: number,
  answers: Partial<OnboardingStatus['onboarding_progress']> = {},
): OnboardingStatus {
  const base = statusOf({ ...progressAt(lastCompletedStep), placeCountId: answers.place_count_id ?? 1 })
  return { ...base, onboarding_progress: { ...base.onboarding_progress, ...answers } }
}

/** The visitor comes back to the registration at step `step` of the `table` table. */
async function openStep(step: string, table: 'new' | 'old', answers: Parameters<typeof status>[1] = {}) {
  const calls = openRegistration(`/en/onboarding/${step}/${progressId}?onboarding=${table}`)
  await calls.progress.next()
  await calls.progress.answer(ok(status(0, answers)))
}

/** Presses the step's button and answers the save with `reply`; resolves with what the step sent. */
async function send(button: 'Next' | 'Finish', reply: OnboardingStatus) {
  await userEvent.click(await screen.findByRole('button', { name: new RegExp(`${button}$`) }))
  const request = await api!.step.next()
  await api!.step.answer(ok(reply))
  return request
}

const checked = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).checked
const valueOf = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value

describe('the newer table', () => {
  it('sends each step as filled in, and shows the goals again on the way back', async () => {
    await openStep('second', 'new', { name: 'Vera', place_count_id: 1 })

    // Step 2: about the visitor; the name and the place count they gave are there already.
    await screen.findByRole('heading', { name: 'Tell us about yourself' })
    expect(document.title).toBe('Tell us about yourself · Salon')
    expect(valueOf('Your name')).toBe('Vera')
    expect(checked('One place')).toBe(true)
    expect(screen.queryByLabelText('Company name')).toBeNull()
    await userEvent.click(screen.getByLabelText('Owner'))
    await userEvent.type(screen.getByLabelText('Promo code, if you have one'), 'SPRING')
    const second = await send('Next', status(1, { name: 'Vera', place_count_id: 1, position: 1 }))
    expect(second.path).toBe(`/api/v1/onboarding/second/${progressId}`)
    expect(second.body).toMatchObject({ name: 'Vera', place_count: 1, position: 1, promo_code: 'SPRING' })

    // Step 3: the business.
    await screen.findByRole('heading', { name: 'Your business' })
    expect(document.title).toBe('Your business · Salon')
    await userEvent.type(screen.getByLabelText('Company name'), 'Bella')
    await userEvent.selectOptions(screen.getByLabelText('Type of business'), 'Barbershop')
    await userEvent.selectOptions(screen.getByLabelText('How many people work with you?'), '2 to 5')
    await userEvent.click(screen.getByLabelText('I provide services to clients myself'))
    const third = await send('Next', status(2))
    expect(third.body).toMatchObject({
      company_title: 'Bella',
      business_type_id: 201,
      staff_count: 2,
      is_provide_services_by_myself: true,
    })

    // Step 4: the goals; "Other" asks for the visitor's own.
    await screen.findByRole('heading', { name: 'Your goals' })
    expect(document.title).toBe('Your goals · Salon')
    expect(screen.queryByLabelText('Your goal')).toBeNull()
    await userEvent.click(screen.getByLabelText('Other'))
    await userEvent.type(await screen.findByLabelText('Your goal'), 'Sell gift cards')
    await userEvent.click(screen.getByLabelText('Other'))
    expect(screen.queryByLabelText('Your goal')).toBeNull()
    await userEvent.click(screen.getByLabelText('Other'))
    await userEvent.type(await screen.findByLabelText('Your goal'), 'Sell gift cards')
    const fourth = await send('Next', status(3, { purposes: [11], custom_purpose: 'Sell gift cards' }))
    expect(fourth.body).toMatchObject({ purposes: [11], custom_purpose: 'Sell gift cards' })

    // Step 5: a shorter list of what comes first.
    await screen.findByRole('heading', { name: 'What do you need first?' })
    expect(document.title).toBe('What do you need first? · Salon')
    expect(screen.getByLabelText('Connect online booking')).toBeTruthy()
    expect(screen.queryByLabelText('Record clients online')).toBeNull()

    // Back: the step reads the registration again and shows the goals given.
    await act(async () => app!.history.back())
    await api!.progress.next()
    await api!.progress.answer(ok(status(3, { purposes: [11], custom_purpose: 'Sell gift cards' })))
    await screen.findByRole('heading', { name: 'Your goals' })
    expect(checked('Other')).toBe(true)
    expect(checked('Record clients online')).toBe(false)
    expect(valueOf('Your goal')).toBe('Sell gift cards')
  })
})

describe('the older table', () => {
  it('asks a business its name and the visitor their position, and someone working alone neither', async () => {
    await openStep('second', 'old', { place_count_id: null })
    await screen.findByRole('heading', { name: 'About you and your business' })
    expect(document.title).toBe('About you and your business · Salon')
    expect(screen.queryByLabelText('Promo code, if you have one')).toBeNull()
    await userEvent.click(screen.getByLabelText('One place'))
    expect(screen.getByLabelText('Company name')).toBeTruthy()
    expect(screen.getByLabelText('Owner')).toBeTruthy()
    await userEvent.click(screen.getByLabelText('I work by myself'))
    await waitFor(() => expect(screen.queryByLabelText('Company name')).toBeNull())
    expect(screen.queryByLabelText('Owner')).toBeNull()
    const second = await send('Next', status(1, { place_count_id: 3 }))
    expect(second.body).toMatchObject({ place_count: 3 })

    // Someone working alone names a line of business, not a type and a staff count.
    await screen.findByRole('heading', { name: 'Your business' })
    expect(screen.getByLabelText('Line of business')).toBeTruthy()
    expect(screen.queryByLabelText('How many people work with you?')).toBeNull()
  })
})
