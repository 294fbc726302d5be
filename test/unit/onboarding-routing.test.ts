import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { onboardingMachine } from '../../machines/onboarding'
import { onboardingRouting, onboardingScreenOf } from '../../src/flows/onboarding/onboarding-routing'

// The onboarding URLs of SPEC.md section 2: which screen a URL names, and the event an opened URL sends.

describe('the screen an onboarding URL names', () => {
  it('names every step of the registration by its URL', () => {
    const screens = Object.fromEntries(
      [
        '/onboarding/first',
        '/onboarding/second/41',
        '/onboarding/third/41',
        '/onboarding/fourth/41',
        '/onboarding/fifth/41',
        '/onboarding/confirm_code/41',
        '/onboarding/continue_register/41',
        '/onboarding/create_or_join/41',
        '/onboarding_individual/welcome/41',
      ].map((path) => [path, onboardingScreenOf(path)]),
    )
    expect(screens).toEqual({
      '/onboarding/first': 'first',
      '/onboarding/second/41': 'second',
      '/onboarding/third/41': 'third',
      '/onboarding/fourth/41': 'fourth',
      '/onboarding/fifth/41': 'fifth',
      '/onboarding/confirm_code/41': 'confirm_code',
      '/onboarding/continue_register/41': 'continue_register',
      '/onboarding/create_or_join/41': 'create_or_join',
      '/onboarding_individual/welcome/41': 'welcome',
    })
  })

  it('names no screen for a URL outside the registration', () => {
    expect(onboardingScreenOf('/onboarding/complete/41')).toBeNull()
    expect(onboardingScreenOf('/signin')).toBeNull()
  })
})

describe('an opened onboarding URL', () => {
  // Each test asks for the options itself, so that a broken onboardingRouting fails the tests, not the file.
  const routing = () => onboardingRouting('newer')

  it('asks the machine for the screen and the progress it names', () => {
    expect(routing().urlEvent!({ path: '/onboarding/third/41', params: { id: '41' } })).toEqual({
      type: 'route.opened',
      screen: 'third',
      progressId: 41,
      variant: 'newer',
    })
    expect(onboardingRouting('older').urlEvent!({ path: '/onboarding/first', params: {} })).toEqual({
      type: 'route.opened',
      screen: 'first',
      progressId: null,
      variant: 'older',
    })
  })

  it('names no progress for an id that is not a positive whole number', () => {
    for (const id of ['0', '-4', '4.5', 'abc']) {
      expect(routing().urlEvent!({ path: `/onboarding/second/${id}`, params: { id } })).toMatchObject({
        screen: 'second',
        progressId: null,
      })
    }
  })

  it('says nothing about a URL outside the registration', () => {
    expect(routing().urlEvent!({ path: '/signin', params: {} })).toBeNull()
  })

  it('fills a step’s URL with the progress the machine holds, and leaves it empty before there is one', () => {
    const actor = createActor(onboardingMachine, { input: { noticeAccepted: false } })
    const snapshot = actor.getSnapshot()
    expect(routing().params!(snapshot)).toEqual({ id: undefined })
    const withProgress = { ...snapshot, context: { ...snapshot.context, progress: { progressId: 41 } } }
    expect(routing().params!(withProgress as typeof snapshot)).toEqual({ id: 41 })
  })
})
