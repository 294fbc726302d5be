import { describe, expect, it } from 'vitest'
import { apiError, startOnboarding } from './onboarding.driver'
import { progressAt, progressId, unconfirmed } from './onboarding.model'

const firstScreen = { route: '/onboarding/first', area: 'public' }

describe('onboarding: the URL the visitor opens', () => {
  it('shows nothing until a URL arrives, and without a kept notice answer shows the notice first', async () => {
    const flow = await startOnboarding(null)
    expect(flow.state()).toBe('entering')
    expect(flow.screen()).toBeUndefined()

    await flow.open('first', null, 'newer')
    expect(flow.state()).toBe('first.forbiddenNotice')
    expect(flow.screen()).toEqual(firstScreen)
    expect(flow.context()).toMatchObject({
      shown: 'first',
      requested: 'first',
      variant: 'newer',
      reason: null,
    })
    flow.stop()
  })

  it('remembers the accepted notice, so first opened again goes straight to the form', async () => {
    const flow = await startOnboarding({ noticeAccepted: false })
    await flow.open('first', null)
    flow.actions()
    await flow.send({ type: 'notice.accepted' })
    expect(flow.state()).toBe('first.form')
    expect(flow.actions()).toEqual([{ type: 'rememberNoticeAccepted', params: undefined }])
    expect(flow.context().noticeAccepted).toBe(true)

    await flow.open('confirm_code', progressId)
    expect(flow.state()).toBe('first.form')
    flow.stop()
  })

  it('changes nothing when first, already shown, is opened again (the bridge’s own navigation)', async () => {
    const flow = await startOnboarding()
    await flow.open('first', null)
    await flow.send({ type: 'first.submitted', values: { phone: '+7' } })
    await flow.fail('submitFirst', apiError(422, 'Check the fields', { phone: ['Invalid phone'] }))

    await flow.open('first', null)
    expect(flow.state()).toBe('first.form')
    expect(flow.context().requested).toBeNull()
    // Re-entering first would have cleared the failure the form shows.
    expect(flow.context().failure).toMatchObject({ status: 422, fieldErrors: { phone: ['Invalid phone'] } })
    flow.stop()
  })

  it('sends confirm_code opened anew to first, says why, and clears the last failure', async () => {
    const flow = await startOnboarding()
    await flow.open('first', null)
    await flow.send({ type: 'first.submitted', values: { phone: '+7' } })
    await flow.fail('submitFirst', apiError(500))
    expect(flow.context().failure).not.toBeNull()

    await flow.open('confirm_code', progressId, 'newer')
    expect(flow.state()).toBe('first.form')
    expect(flow.context()).toMatchObject({
      reason: 'code_reopened',
      failure: null,
      requested: 'confirm_code',
      variant: 'newer',
    })
    flow.stop()
  })

  it('shows first for a step URL without a progress id', async () => {
    const flow = await startOnboarding()
    await flow.open('third', null)
    expect(flow.state()).toBe('first.form')
    expect(flow.context().requested).toBe('third')

    flow.stop()
  })

  it('shows first, restoring nothing, for a first URL that carries a progress id', async () => {
    const flow = await startOnboarding()
    await flow.open('first', progressId)
    expect(flow.state()).toBe('first.form')
    expect(flow.callsOf('loadProgress')).toEqual([])
    flow.stop()
  })

  it('restores the progress of a step URL under a spinner, with the table of the URL', async () => {
    const flow = await startOnboarding()
    await flow.open('third', progressId, 'newer')
    expect(flow.state()).toBe('restoring')
    expect(flow.screen()).toBeUndefined()
    expect(flow.context()).toMatchObject({ shown: null, requested: 'third', variant: 'newer' })
    expect(flow.callsOf('loadProgress')).toEqual([{ progressId }])

    await flow.answer('loadProgress', progressAt(2))
    expect(flow.state()).toBe('third.editing')
    expect(flow.context().progress).toEqual(progressAt(2))
    flow.stop()
  })

  it('restores another progress when the shown step is opened with another id', async () => {
    const flow = await startOnboarding()
    await flow.open('second', progressId)
    await flow.answer('loadProgress', progressAt(1))
    expect(flow.state()).toBe('second.editing')

    await flow.open('second', progressId)
    expect(flow.state()).toBe('second.editing')
    expect(flow.context().requested).toBeNull()

    await flow.open('second', 77)
    expect(flow.state()).toBe('restoring')
    expect(flow.callsOf('loadProgress')).toEqual([{ progressId }, { progressId: 77 }])
    flow.stop()
  })

  it('restores again when the step left for a restore is opened while restoring (the back button)', async () => {
    const flow = await startOnboarding()
    await flow.open('second', progressId)
    await flow.answer('loadProgress', progressAt(2))
    await flow.open('third', progressId)
    expect(flow.state()).toBe('restoring')

    await flow.open('second', progressId)
    expect(flow.state()).toBe('restoring')
    expect(flow.context().requested).toBe('second')
    expect(flow.callsOf('loadProgress')).toHaveLength(3)
    flow.stop()
  })

  it('clears the failure of the step left once the restored progress arrives', async () => {
    const flow = await startOnboarding()
    await flow.open('second', progressId)
    await flow.answer('loadProgress', progressAt(2))
    await flow.send({ type: 'step.submitted', values: { answer: 'x' } })
    await flow.fail('saveStep', apiError(422, 'Check the fields', { name: ['Enter a name'] }))
    expect(flow.context().failure).not.toBeNull()

    await flow.open('third', progressId)
    await flow.answer('loadProgress', progressAt(2))
    expect(flow.state()).toBe('third.editing')
    expect(flow.context().failure).toBeNull()
    flow.stop()
  })

  it('starts again at first, without a progress, when the progress cannot be loaded', async () => {
    const flow = await startOnboarding()
    await flow.open('second', progressId)
    await flow.answer('loadProgress', progressAt(1))
    await flow.open('third', 99)
    await flow.fail('loadProgress', apiError(404, 'Not found'))
    expect(flow.state()).toBe('first.form')
    expect(flow.screen()).toEqual(firstScreen)
    expect(flow.context().progress).toBeNull()
    flow.stop()
  })

  it('sends an unconfirmed progress to first, saying it must be confirmed again', async () => {
    const flow = await startOnboarding()
    await flow.open('fourth', progressId)
    await flow.answer('loadProgress', unconfirmed)
    expect(flow.state()).toBe('first.form')
    expect(flow.context().reason).toBe('confirm_again')
    flow.stop()
  })
})
