import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor, waitFor, type AnyActorRef } from 'xstate'
import type { OnboardingCompletion, OnboardingStatus } from '../../contract/onboarding/schemas'
import * as fetchers from '../../src/api/onboarding/fetchers'
import { ApiError } from '../../src/api/api-error'
import { readAccessToken } from '../../src/api/token-store'
import type { SessionActor } from '../../src/app/session'
import type { EmbeddedActor } from '../../src/embedded/embedded-context'
import { attachEmbeddedActor } from '../../src/embedded/embedded-reporting'
import type { OnboardingScreenName } from '../../machines/onboarding-steps'
import { createOnboardingMachine, noticeAcceptedBefore } from '../../src/flows/onboarding/onboarding-actor'
import { statusOf } from '../model/onboarding.fake-api'
import { progressAt } from '../model/onboarding.model'
import { clearAllCookies } from '../support/document-cookies'
import { invite } from '../model/onboarding.fake-api'

// The onboarding machine with the app's effects: what each step sends to the server, what is kept in the query
// cache and in cookies, and how a finished registration signs the new user in and tells the admin application.

vi.mock('../../src/api/onboarding/fetchers')
const api = vi.mocked(fetchers)

let detachEmbedded: () => void = () => {}
const parentFrame = { send: vi.fn() }
beforeEach(() => {
  detachEmbedded = attachEmbeddedActor(parentFrame as unknown as EmbeddedActor)
})
afterEach(() => {
  detachEmbedded()
  clearAllCookies()
  vi.resetAllMocks()
})

/** The status the server answers, for a progress the machine sees as `progressAt(...)`. */
const statusAt = (...args: Parameters<typeof progressAt>): OnboardingStatus => statusOf(progressAt(...args))

const completionReply = (overrides: Partial<OnboardingCompletion> = {}): OnboardingCompletion => ({
  token_pair: null,
  user: { id: 90, name: 'Vera' },
  company: { id: 300 },
  joined_company_ids: [],
  onboarding_progress: { id: 41, is_completed: true },
  is_individual: false,
  ...overrides,
})

/** Every fake call answers at once: a machine that has not moved within two seconds never will. */
const settles = { timeout: 2000 }

function start(noticeAccepted = true) {
  const queryClient = new QueryClient()
  const session = { send: vi.fn() }
  const machine = createOnboardingMachine({
    queryClient,
    session: session as unknown as SessionActor,
    abGroupPercentage: 42,
  })
  const actor = createActor(machine, { input: { noticeAccepted } }).start()
  const reach = (state: string) => waitFor(actor, (snapshot) => snapshot.matches(state as never), settles)
  return { actor, queryClient, session, reach }
}

const cachedProgress = (queryClient: QueryClient) => queryClient.getQueryData(['onboarding', 'progress', 41])

/** Opens a questionnaire step's URL, which restores the progress the server answers. */
async function openStep(status: OnboardingStatus, screen: 'second' | 'third' | 'fourth' | 'fifth') {
  const run = open(status, screen)
  await run.reach(screen)
  return run
}

function open(status: OnboardingStatus, screen: OnboardingScreenName) {
  api.fetchProgress.mockResolvedValue(status)
  const run = start()
  run.actor.send({ type: 'route.opened', screen, progressId: 41, variant: 'older' })
  return run
}

/** Opens the account page's URL with a progress whose questionnaire is done, which looks for invites first. */
const openFinished = (status: OnboardingStatus) => open(status, 'continue_register')

describe('the first step', () => {
  it('sends the form with the visitor’s attribution and keeps the answered progress', async () => {
    document.cookie = 'referer_full=https%3A%2F%2Fsearch.test%2F; Path=/'
    const answered = statusAt(null, { status: 'user_not_approved_by_phone' })
    api.postFirstStep.mockResolvedValue(answered)
    const { actor, queryClient, reach } = start()
    actor.send({ type: 'route.opened', screen: 'first', progressId: null, variant: 'older' })
    actor.send({ type: 'first.submitted', values: { phone: '+79161234567', email: null } })
    await reach('confirmCode')
    expect(api.postFirstStep).toHaveBeenCalledWith({
      phone: '+79161234567',
      email: null,
      ab_group_percentage: 42,
      referer_full: 'https://search.test/',
      entry_page: null,
      referer_domain: null,
      utm: null,
      utm_uuid: null,
    })
    expect(cachedProgress(queryClient)).toEqual(answered)
    expect(actor.getSnapshot().context.progress).toMatchObject({ progressId: 41, hasPhone: true })
  })

  it('asks for the robot check when the refusal says need_recaptcha or names its field', async () => {
    for (const refusal of [
      new ApiError('Validation failed', { status: 422, errorDetails: { need_recaptcha: true } }),
      new ApiError('Validation failed', {
        status: 422,
        fieldErrors: { google_recaptcha_v2_token: ['Confirm that you are not a robot'] },
      }),
    ]) {
      api.postFirstStep.mockRejectedValue(refusal)
      const { actor } = start()
      actor.send({ type: 'route.opened', screen: 'first', progressId: null, variant: 'older' })
      actor.send({ type: 'first.submitted', values: {} })
      const snapshot = await waitFor(
        actor,
        (s) => s.matches({ first: 'form' }) && s.context.needRecaptcha,
        settles,
      )
      expect(snapshot.context.failure).toBeNull()
      expect(snapshot.context.progress).toBeNull()
    }
  })

  it('shows the refusal on the robot check once it is on the form (sent unticked)', async () => {
    const unticked = new ApiError('Validation failed', {
      status: 422,
      fieldErrors: { google_recaptcha_v2_token: ['Confirm that you are not a robot'] },
    })
    api.postFirstStep.mockRejectedValue(unticked)
    const { actor } = start()
    actor.send({ type: 'route.opened', screen: 'first', progressId: null, variant: 'older' })
    actor.send({ type: 'first.submitted', values: {} })
    await waitFor(actor, (s) => s.matches({ first: 'form' }) && s.context.needRecaptcha, settles)
    actor.send({ type: 'first.submitted', values: {} })
    const snapshot = await waitFor(
      actor,
      (s) => s.matches({ first: 'form' }) && s.context.failure !== null,
      settles,
    )
    expect(snapshot.context.failure?.fieldErrors).toEqual({
      google_recaptcha_v2_token: ['Confirm that you are not a robot'],
    })
    expect(snapshot.context.needRecaptcha).toBe(true)
  })

  it('shows any other refusal on the form, without the robot check', async () => {
    for (const refusal of [
      new ApiError('Validation failed', { status: 422, fieldErrors: { phone: ['Enter a phone number'] } }),
      new ApiError('Validation failed', { status: 422, errorDetails: { need_recaptcha: false } }),
      new TypeError('Failed to fetch'),
    ]) {
      api.postFirstStep.mockRejectedValue(refusal)
      const { actor } = start()
      actor.send({ type: 'route.opened', screen: 'first', progressId: null, variant: 'older' })
      actor.send({ type: 'first.submitted', values: {} })
      const snapshot = await waitFor(
        actor,
        (s) => s.matches({ first: 'form' }) && s.context.failure !== null,
        settles,
      )
      expect(snapshot.context.needRecaptcha).toBe(false)
      expect(snapshot.context.failure?.message).toBe(refusal.message)
    }
  })
})

describe('the notice on the first step', () => {
  it('remembers for 400 days that this browser accepted it', async () => {
    expect(noticeAcceptedBefore()).toBe(false)
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!
    const written: string[] = []
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((cookie: string) => {
      written.push(cookie)
      descriptor.set!.call(document, cookie)
    })
    const { actor, reach } = start(false)
    actor.send({ type: 'route.opened', screen: 'first', progressId: null, variant: 'older' })
    await reach('first.forbiddenNotice')
    actor.send({ type: 'notice.accepted' })
    spy.mockRestore()
    expect(written).toEqual([
      expect.stringMatching(/^onboarding_notice_accepted=1; Path=\/; Max-Age=34560000;/),
    ])
    expect(noticeAcceptedBefore()).toBe(true)
  })

  it('counts only the value the app writes as accepted', () => {
    document.cookie = 'onboarding_notice_accepted=0; Path=/'
    expect(noticeAcceptedBefore()).toBe(false)
  })
})

describe('the questionnaire steps', () => {
  it('restores an opened step from the server and keeps the progress for the screens', async () => {
    const saved = statusAt(1)
    const { queryClient } = await openStep(saved, 'third')
    expect(api.fetchProgress).toHaveBeenCalledWith(41)
    expect(cachedProgress(queryClient)).toEqual(saved)
  })

  it('saves a step’s answers and keeps the progress the server answers', async () => {
    const { actor, queryClient, reach } = await openStep(statusAt(0), 'second')
    const after = statusAt(1)
    api.postQuestionnaireStep.mockResolvedValue(after)
    actor.send({ type: 'step.submitted', values: { name: 'Anna', place_count: 1 } })
    await reach('third')
    expect(api.postQuestionnaireStep).toHaveBeenCalledWith('second', 41, { name: 'Anna', place_count: 1 })
    expect(cachedProgress(queryClient)).toEqual(after)
  })
})

describe('the confirmation code', () => {
  async function onCodeScreen(timeToCall = 30) {
    const answered = { ...statusAt(null, { status: 'user_not_approved_by_phone' }), time_to_call: timeToCall }
    api.postFirstStep.mockResolvedValue(answered)
    const run = start()
    run.actor.send({ type: 'route.opened', screen: 'first', progressId: null, variant: 'older' })
    run.actor.send({ type: 'first.submitted', values: {} })
    await run.reach('confirmCode')
    const channel = run.actor.getSnapshot().children.confirmationChannel as AnyActorRef
    return { ...run, channel }
  }

  it('sends the typed code and keeps the confirmed progress', async () => {
    const { channel, queryClient, reach } = await onCodeScreen()
    const confirmed = statusAt(0)
    api.postConfirmCode.mockResolvedValue(confirmed)
    channel.send({ type: 'code.submitted', code: '123456' })
    await reach('second')
    expect(api.postConfirmCode).toHaveBeenCalledWith(41, '123456')
    expect(cachedProgress(queryClient)).toEqual(confirmed)
  })

  it('asks for a new code by the chosen channel and counts down from the server’s wait', async () => {
    const { channel } = await onCodeScreen(0)
    api.postSendConfirmCode.mockResolvedValue({
      confirmation_code_send_channel: 'call',
      attempts_left: 3,
      wait_period: 45,
      call_count: 2,
      available_channels: ['call'],
    })
    channel.send({ type: 'code.resend', channel: 'call' })
    await waitFor(channel, (snapshot) => snapshot.matches({ active: { resend: 'countingDown' } }), settles)
    expect(api.postSendConfirmCode).toHaveBeenCalledWith(41, 'call')
    expect(channel.getSnapshot().context).toMatchObject({
      channel: 'call',
      attemptsLeft: 3,
      secondsLeft: 45,
      callCount: 2,
    })
  })
})

describe('the end of the questionnaire', () => {
  it('keeps the invites found for the create-or-join screen', async () => {
    api.fetchInvites.mockResolvedValue([invite, { ...invite, id: 6 }])
    const { actor, queryClient, reach } = openFinished(statusAt(3))
    await reach('createOrJoin')
    expect(actor.getSnapshot().context.inviteCount).toBe(2)
    expect(queryClient.getQueryData(['onboarding', 'invites'])).toEqual([invite, { ...invite, id: 6 }])
  })

  it('registers a new account with its company and the attribution, signs it in and reports it', async () => {
    api.fetchInvites.mockResolvedValue([])
    const { actor, queryClient, session, reach } = openFinished(statusAt(3))
    await reach('continueRegister')
    queryClient.setQueryData(['companies'], [])
    const tokenPair = {
      access_token: 'token-new',
      token_type: 'Bearer' as const,
      expires_in: 900,
      refresh_token: 'refresh',
      user: { id: 90, name: 'Vera' } as never,
    }
    api.postRegisterWithCompany.mockResolvedValue(completionReply({ token_pair: tokenPair }))
    actor.send({ type: 'registration.submitted', values: { name: 'Vera', password: 'long enough 1' } })
    await reach('completed')
    expect(api.postRegisterWithCompany).toHaveBeenCalledWith(41, {
      name: 'Vera',
      password: 'long enough 1',
      ab_group_percentage: 42,
      referer_full: null,
      entry_page: null,
      referer_domain: null,
      utm: null,
      utm_uuid: null,
    })
    expect(readAccessToken()).toBe('token-new')
    expect(session.send).toHaveBeenCalledWith({ type: 'session.started', user: { id: 90, name: 'Vera' } })
    // The home screen lists the new company; nothing else the registration cached needs fetching again.
    expect(queryClient.getQueryState(['companies'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['onboarding', 'invites'])?.isInvalidated).toBe(false)
    expect(parentFrame.send).toHaveBeenCalledWith({
      type: 'registration.completed',
      completion: {
        registrationId: 41,
        user: { id: 90, name: 'Vera' },
        company: { id: 300 },
        // The last status the server answered, marked complete by the registration's reply.
        progress: { ...statusAt(3).onboarding_progress, is_completed: true },
        isIndividual: false,
      },
    })
  })

  it('registers a new account that joins the companies that invited it, without the attribution', async () => {
    api.fetchInvites.mockResolvedValue([invite])
    const { actor, reach } = openFinished(statusAt(3, { individual: true }))
    await reach('createOrJoin')
    actor.send({ type: 'invites.accepted' })
    api.postRegisterWithInvites.mockResolvedValue(completionReply({ company: null, joined_company_ids: [1] }))
    actor.send({ type: 'registration.submitted', values: { name: 'Vera' } })
    await reach('welcome')
    expect(api.postRegisterWithInvites).toHaveBeenCalledWith(41, { name: 'Vera' })
    expect(api.postRegisterWithCompany).not.toHaveBeenCalled()
    actor.send({ type: 'welcome.continued' })
    await reach('completed')
    expect(parentFrame.send).toHaveBeenCalledWith({
      type: 'registration.completed',
      completion: expect.objectContaining({ company: { id: 1 }, isIndividual: true }),
    })
  })

  it('creates a signed-in visitor’s company with the attribution, without starting another session', async () => {
    api.fetchInvites.mockResolvedValue([])
    const signedIn = statusAt(3, { status: 'user_without_companies' })
    api.postCreateCompany.mockResolvedValue(completionReply({ company: null }))
    const { session, reach } = openFinished(signedIn)
    await reach('completed')
    expect(api.postCreateCompany).toHaveBeenCalledWith(41, {
      ab_group_percentage: 42,
      referer_full: null,
      entry_page: null,
      referer_domain: null,
      utm: null,
      utm_uuid: null,
    })
    expect(session.send).not.toHaveBeenCalled()
    expect(readAccessToken()).toBeNull()
    expect(parentFrame.send).toHaveBeenCalledWith({
      type: 'registration.completed',
      completion: expect.objectContaining({ registrationId: 41, company: null }),
    })
  })

  it('joins the companies that invited a signed-in visitor', async () => {
    api.fetchInvites.mockResolvedValue([invite])
    api.postJoin.mockResolvedValue(completionReply({ company: null, joined_company_ids: [1] }))
    const { actor, reach } = openFinished(statusAt(3, { status: 'user_with_companies' }))
    await reach('createOrJoin')
    actor.send({ type: 'invites.accepted' })
    await reach('completed')
    expect(api.postJoin).toHaveBeenCalledWith(41, {})
    expect(api.postCreateCompany).not.toHaveBeenCalled()
  })
})
