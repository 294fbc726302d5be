import { describe, expect, it } from 'vitest'
import { isSignedInStatus, type ProgressView } from '../../machines/onboarding'
import { apiError, startOnboarding } from './onboarding.driver'
import { progressAt, progressId, signedInFirst, unconfirmed } from './onboarding.model'

const answers = { phone: '+79001234567', email: 'vera@example.com' }

async function onFirstForm() {
  const flow = await startOnboarding()
  await flow.open('first', null, 'newer')
  return flow
}

describe('onboarding: the first step', () => {
  it('sends the answers and the table, and shows the failure on the form', async () => {
    const flow = await onFirstForm()
    await flow.send({ type: 'first.submitted', values: answers })
    expect(flow.state()).toBe('first.submitting')
    expect(flow.callsOf('submitFirst')).toEqual([
      { values: answers, variant: 'newer', recaptchaShown: false },
    ])

    await flow.fail('submitFirst', apiError(422, 'Check the fields', { phone: ['Invalid phone'] }))
    expect(flow.state()).toBe('first.form')
    expect(flow.context().failure).toMatchObject({
      status: 422,
      message: 'Check the fields',
      fieldErrors: { phone: ['Invalid phone'] },
    })

    // Sending again hides the old failure while the call runs.
    await flow.send({ type: 'first.submitted', values: answers })
    expect(flow.context().failure).toBeNull()
    flow.stop()
  })

  it('asks for the robot check when the reply demands it, and keeps asking when first shows again', async () => {
    const flow = await onFirstForm()
    await flow.send({ type: 'first.submitted', values: answers })
    await flow.answer('submitFirst', { progress: null, needRecaptcha: true })
    expect(flow.state()).toBe('first.form')
    expect(flow.context().needRecaptcha).toBe(true)

    await flow.open('confirm_code', progressId, 'newer')
    expect(flow.state()).toBe('first.form')
    expect(flow.context().needRecaptcha).toBe(true)
    flow.stop()
  })

  it('does not ask for the robot check when first opens with no reply yet', async () => {
    const flow = await onFirstForm()
    expect(flow.context().needRecaptcha).toBe(false)
    flow.stop()
  })

  it('sends a new visitor to the code screen with the channel the code went by', async () => {
    const flow = await startOnboarding()
    await flow.open('confirm_code', progressId)
    expect(flow.context().reason).toBe('code_reopened')
    await flow.send({ type: 'first.submitted', values: answers })
    const emailed: ProgressView = { ...unconfirmed, channel: 'email', callCount: 2, hasPhone: false }
    await flow.answer('submitFirst', { progress: emailed, needRecaptcha: false })

    expect(flow.state()).toBe('confirmCode')
    expect(flow.screen()).toEqual({ route: '/onboarding/confirm_code/$id', area: 'public' })
    expect(flow.context()).toMatchObject({ shown: 'confirm_code', progress: emailed, reason: null })
    expect(flow.callsOf('confirmationChannel')).toEqual([
      {
        progressId,
        channel: 'email',
        waitPeriod: 30,
        smsChannel: 'sms',
        callCount: 2,
        hasPhone: false,
        hasEmail: true,
      },
    ])
    flow.stop()
  })

  it('starts the code screen on a call when the server named no channel', async () => {
    const flow = await onFirstForm()
    await flow.send({ type: 'first.submitted', values: answers })
    const noChannel: ProgressView = {
      ...unconfirmed,
      channel: null,
      smsChannel: 'sms_vonage',
      timeToCall: 60,
    }
    await flow.answer('submitFirst', { progress: noChannel, needRecaptcha: false })
    expect(flow.callsOf('confirmationChannel')).toEqual([
      {
        progressId,
        channel: 'call',
        waitPeriod: 60,
        smsChannel: 'sms_vonage',
        callCount: 1,
        hasPhone: true,
        hasEmail: true,
      },
    ])
    flow.stop()
  })

  it('goes on to the questionnaire once the code is confirmed', async () => {
    const flow = await onFirstForm()
    await flow.send({ type: 'first.submitted', values: answers })
    await flow.answer('submitFirst', { progress: unconfirmed, needRecaptcha: false })
    await flow.answer('confirmationChannel', progressAt(0))
    expect(flow.state()).toBe('second.editing')
    expect(flow.context()).toMatchObject({ progress: progressAt(0), failure: null, requested: null })
    flow.stop()
  })

  it('lets a visitor signed in with companies skip the code', async () => {
    const flow = await startOnboarding()
    await flow.open('confirm_code', progressId)
    await flow.send({ type: 'first.submitted', values: answers })
    const withCompanies = progressAt(0, { status: 'user_with_companies' })
    await flow.answer('submitFirst', { progress: withCompanies, needRecaptcha: false })
    expect(flow.state()).toBe('second.editing')
    expect(flow.context()).toMatchObject({ progress: withCompanies, reason: null })
    expect(flow.callsOf('confirmationChannel')).toEqual([])
    flow.stop()
  })

  it('lands a signed-in visitor where the progress allows, not on the step of the URL that led to first', async () => {
    const flow = await startOnboarding()
    await flow.open('second', null)
    expect(flow.context().requested).toBe('second')
    await flow.send({ type: 'first.submitted', values: answers })
    await flow.answer('submitFirst', {
      progress: { ...signedInFirst, lastCompletedStep: 2 },
      needRecaptcha: false,
    })
    expect(flow.state()).toBe('fourth.editing')
    expect(flow.context().requested).toBeNull()
    flow.stop()
  })

  it('knows the signed-in statuses the screens read', () => {
    expect(isSignedInStatus('user_without_companies')).toBe(true)
    expect(isSignedInStatus('user_with_companies')).toBe(true)
    expect(isSignedInStatus('user_new')).toBe(false)
    expect(isSignedInStatus(undefined)).toBe(false)
  })
})
