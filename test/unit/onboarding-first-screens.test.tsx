import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import type { ProgressView } from '../../machines/onboarding'
import { ok } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'
import { createOnboardingApi, statusOf, type OnboardingApi } from '../model/onboarding.fake-api'

// What the registration's first two screens say, as a visitor reads them: each table's title, the way to sign in
// instead, and on the code screen where the code went (by call, SMS or e-mail) and which other ways are offered.
// The model-based suite (test/model/onboarding.screens.test.tsx) walks the flow's states; this one reads the words.

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

/** The registration opened at `path` by a visitor who has already read the notice. */
async function openFirstStep(path: string) {
  api = createOnboardingApi()
  server.use(...api.handlers)
  document.cookie = 'onboarding_notice_accepted=1; Path=/'
  app = renderApp(path)
  return screen.findByRole('heading', { level: 1 })
}

const progress = (channel: ProgressView['channel'], timeToCall: number, callCount: number): ProgressView => ({
  progressId: 41,
  status: 'user_new_with_unfinished_onboarding',
  isCompleted: false,
  lastCompletedStep: 0,
  placeCountId: 1,
  channel,
  timeToCall,
  callCount,
  hasPhone: true,
  hasEmail: true,
  smsChannel: 'sms',
})

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
  await api!.first.answer(ok(statusOf(progress(channel, timeToCall, callCount))))
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
