import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProgressView } from '../../machines/onboarding'
import type { OnboardingStatus } from '../../contract/onboarding/schemas'
import { ok } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'
import { createOnboardingApi, statusOf, type OnboardingApi } from '../model/onboarding.fake-api'

// The questionnaire's steps as a visitor fills them in: each step's title and fields, what it sends, and the
// answers it shows again when the visitor comes back to it. The model-based suite
// (test/model/onboarding.screens.test.tsx) walks the flow's states with the steps left as they are.

const server = useMswServer()

let app: RenderedApp | undefined
let api: OnboardingApi | undefined

afterEach(() => {
  cleanup()
  app?.session.stop()
  api?.release()
  clearAppCookies()
  for (const name of ['onboarding_notice_accepted', 'onboarding_table', 'onboarding_ab'])
    document.cookie = `${name}=; Path=/; Max-Age=0`
  app = api = undefined
})

const progressId = 41

const view = (lastCompletedStep: number, placeCountId: number | null = 1): ProgressView => ({
  progressId,
  status: 'user_new_with_unfinished_onboarding',
  isCompleted: false,
  lastCompletedStep,
  placeCountId,
  channel: 'call',
  timeToCall: 30,
  callCount: 1,
  hasPhone: true,
  hasEmail: true,
  smsChannel: 'sms',
})

/** The server's status once step `lastCompletedStep` (0 the first, 1 the second ...) is done, with the answers so far. */
function status(
  lastCompletedStep: number,
  answers: Partial<OnboardingStatus['onboarding_progress']> = {},
): OnboardingStatus {
  const base = statusOf(view(lastCompletedStep, answers.place_count_id ?? 1))
  return { ...base, onboarding_progress: { ...base.onboarding_progress, ...answers } }
}

/** The visitor comes back to the registration at step `step` of the `table` table. */
async function openStep(step: string, table: 'new' | 'old', answers: Parameters<typeof status>[1] = {}) {
  api = createOnboardingApi()
  server.use(...api.handlers)
  document.cookie = 'onboarding_notice_accepted=1; Path=/'
  app = renderApp(`/en/onboarding/${step}/${progressId}?onboarding=${table}`)
  await api.progress.next()
  await api.progress.answer(ok(status(0, answers)))
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
