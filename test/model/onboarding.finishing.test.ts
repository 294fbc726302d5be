import { describe, expect, it } from 'vitest'
import { apiError, startOnboarding, type OnboardingDriver } from './onboarding.driver'
import { newAccount, ownAccount, progressAt, progressId } from './onboarding.model'

const registration = { name: 'Vera', password: 'long-secret-1' }
const signedIn = { status: 'user_without_companies' }

/** A visitor whose older-table questionnaire is done, restored from the URL, waiting for the invites. */
async function questionnaireDone(options: { status?: string; individual?: boolean } = {}) {
  const flow = await startOnboarding()
  await flow.open('continue_register', progressId)
  await flow.answer('loadProgress', progressAt(3, options))
  expect(flow.state()).toBe('loadingInvites')
  return flow
}

/** Goes back to the last step (its URL), saves it again, and so comes to the invites once more. */
async function backToInvites(flow: OnboardingDriver, options: { status?: string } = {}) {
  await flow.open('fourth', progressId)
  await flow.answer('loadProgress', progressAt(3, options))
  expect(flow.state()).toBe('fourth.editing')
  await flow.send({ type: 'step.submitted', values: {} })
  await flow.answer('saveStep', progressAt(3, options))
  expect(flow.state()).toBe('loadingInvites')
}

describe('onboarding: finishing', () => {
  it('offers to join the companies that invited the visitor', async () => {
    const flow = await questionnaireDone()
    expect(flow.screen()).toBeUndefined()
    expect(flow.callsOf('loadInvites')).toEqual([{ progressId }])
    await flow.answer('loadInvites', 2)
    expect(flow.state()).toBe('createOrJoin')
    expect(flow.screen()).toEqual({ route: '/onboarding/create_or_join/$id', area: 'public' })
    expect(flow.context()).toMatchObject({ shown: 'create_or_join', inviteCount: 2 })
    flow.stop()
  })

  it('registers a new visitor, shows a refused registration, and hands the new session over once', async () => {
    const flow = await questionnaireDone()
    await flow.answer('loadInvites', 0)
    expect(flow.state()).toBe('continueRegister.editing')
    expect(flow.screen()).toEqual({ route: '/onboarding/continue_register/$id', area: 'public' })
    expect(flow.context().shown).toBe('continue_register')

    await flow.send({ type: 'registration.submitted', values: registration })
    expect(flow.callsOf('register')).toEqual([{ progressId, joining: false, values: registration }])
    await flow.fail('register', apiError(422, 'Check the fields', { password: ['Too short'] }))
    expect(flow.state()).toBe('continueRegister.editing')
    expect(flow.context().failure).toMatchObject({ status: 422, fieldErrors: { password: ['Too short'] } })

    await flow.send({ type: 'registration.submitted', values: registration })
    expect(flow.context().failure).toBeNull()
    flow.actions()
    await flow.answer('register', newAccount)
    expect(flow.state()).toBe('completed')
    expect(flow.snapshot().status).toBe('done')
    // Its end replaces the history entry, so that Back leaves the finished flow rather than walking into it.
    expect(flow.screen()).toEqual({ route: '/onboarding/complete/$id', area: 'public', history: 'replace' })
    expect(flow.context().completion).toEqual(newAccount)
    expect(flow.actions()).toEqual([
      { type: 'reportCompletion', params: { completion: newAccount, progressId } },
    ])
  })

  it('registers by joining the invites when the visitor accepts them', async () => {
    const flow = await questionnaireDone()
    await flow.answer('loadInvites', 1)
    await flow.send({ type: 'invites.accepted' })
    expect(flow.state()).toBe('continueRegister.editing')
    await flow.send({ type: 'registration.submitted', values: registration })
    expect(flow.callsOf('register')).toEqual([{ progressId, joining: true, values: registration }])
    flow.stop()
  })

  it('registers without the invites when they cannot be loaded', async () => {
    const flow = await questionnaireDone()
    await flow.fail('loadInvites', apiError(503))
    expect(flow.state()).toBe('continueRegister.editing')
    flow.stop()
  })

  it('finishes a signed-in visitor with their own account, and lets them retry a failed finish', async () => {
    const flow = await questionnaireDone(signedIn)
    await flow.fail('loadInvites', apiError(503))
    expect(flow.state()).toBe('finishingSignedIn.working')
    expect(flow.callsOf('finishSignedIn')).toEqual([{ progressId, joining: false }])

    await flow.fail('finishSignedIn', apiError(503, 'Service unavailable'))
    expect(flow.state()).toBe('finishingSignedIn.failed')
    expect(flow.context().failure).toMatchObject({ status: 503, message: 'Service unavailable' })

    await flow.send({ type: 'finish.retried' })
    expect(flow.state()).toBe('finishingSignedIn.working')
    expect(flow.context().failure).toBeNull()
    expect(flow.callsOf('finishSignedIn')).toHaveLength(2)
    flow.actions()
    await flow.answer('finishSignedIn', ownAccount)
    expect(flow.state()).toBe('completed')
    expect(flow.actions()).toEqual([
      { type: 'reportCompletion', params: { completion: ownAccount, progressId } },
    ])
  })

  it('finishes a signed-in visitor without invites directly, and with invites after the choice', async () => {
    const direct = await questionnaireDone(signedIn)
    await direct.answer('loadInvites', 0)
    expect(direct.state()).toBe('finishingSignedIn.working')
    direct.stop()

    for (const [choice, joining] of [
      ['company.chosen', false],
      ['invites.accepted', true],
    ] as const) {
      const flow = await questionnaireDone(signedIn)
      await flow.answer('loadInvites', 3)
      await flow.send({ type: choice })
      expect(flow.state()).toBe('finishingSignedIn.working')
      expect(flow.callsOf('finishSignedIn')).toEqual([{ progressId, joining }])
      flow.stop()
    }
  })

  it('welcomes an individual practitioner before handing the session over', async () => {
    const flow = await questionnaireDone({ individual: true })
    await flow.answer('loadInvites', 0)
    await flow.send({ type: 'registration.submitted', values: registration })
    flow.actions()
    await flow.answer('register', newAccount)
    expect(flow.state()).toBe('welcome')
    expect(flow.screen()).toEqual({ route: '/onboarding_individual/welcome/$id', area: 'public' })
    expect(flow.context().shown).toBe('welcome')
    expect(flow.actions()).toEqual([])

    await flow.send({ type: 'welcome.continued' })
    expect(flow.state()).toBe('completed')
    expect(flow.actions()).toEqual([
      { type: 'reportCompletion', params: { completion: newAccount, progressId } },
    ])
  })
})

/**
 * A visitor who accepted the invites and then came back to the questionnaire's end decides again:
 * every way on from the invites sets whether the last call joins, rather than keeping the old choice.
 */
describe('onboarding: choosing again after accepting the invites', () => {
  async function acceptedThenBack(options: { status?: string } = {}) {
    const flow = await questionnaireDone(options)
    await flow.answer('loadInvites', 1)
    await flow.send({ type: 'invites.accepted' })
    if (options.status) await flow.fail('finishSignedIn', apiError(503))
    expect(flow.context().joining).toBe(true)
    await backToInvites(flow, options)
    return flow
  }

  it('creates a company when no invites are left', async () => {
    const flow = await acceptedThenBack()
    await flow.answer('loadInvites', 0)
    await flow.send({ type: 'registration.submitted', values: registration })
    expect(flow.callsOf('register')).toEqual([{ progressId, joining: false, values: registration }])
    flow.stop()
  })

  it('creates a company when the invites cannot be loaded', async () => {
    const flow = await acceptedThenBack()
    await flow.fail('loadInvites', apiError(503))
    await flow.send({ type: 'registration.submitted', values: registration })
    expect(flow.callsOf('register')).toEqual([{ progressId, joining: false, values: registration }])
    flow.stop()
  })

  it('creates a company when the visitor now chooses to', async () => {
    const flow = await acceptedThenBack()
    await flow.answer('loadInvites', 1)
    await flow.send({ type: 'company.chosen' })
    await flow.send({ type: 'registration.submitted', values: registration })
    expect(flow.callsOf('register')).toEqual([{ progressId, joining: false, values: registration }])
    flow.stop()
  })

  for (const outcome of ['no invites', 'no answer', 'company chosen'] as const) {
    it(`creates a signed-in visitor's company with ${outcome}`, async () => {
      const flow = await acceptedThenBack(signedIn)
      if (outcome === 'no invites') await flow.answer('loadInvites', 0)
      else if (outcome === 'no answer') await flow.fail('loadInvites', apiError(503))
      else {
        await flow.answer('loadInvites', 1)
        await flow.send({ type: 'company.chosen' })
      }
      expect(flow.state()).toBe('finishingSignedIn.working')
      expect(flow.callsOf('finishSignedIn').at(-1)).toEqual({ progressId, joining: false })
      flow.stop()
    })
  }
})
