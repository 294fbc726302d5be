import { describe, expect, it } from 'vitest'
import type { OnboardingCompletion, OnboardingStatus } from '../../contract/onboarding/schemas'
import { savedGoalsOf } from '../../src/flows/onboarding/saved-goals'
import { completionOf, progressViewOf } from '../../src/flows/onboarding/progress-view'

// What the onboarding machine and the screens keep of the server's replies (SPEC.md section 3).

const status: OnboardingStatus = {
  status: 'user_new_with_unfinished_onboarding',
  onboarding_progress: {
    id: 41,
    is_completed: false,
    last_completed_step: 2,
    email: null,
    company_title: 'Spa',
    promo_code: null,
    position: 2,
    place_count_id: 3,
    staff_count_id: 1,
    is_provide_services_by_myself: true,
    referral_source_id: null,
    purposes: [12],
    country_id: null,
    city_id: null,
    business_type_id: null,
    phone: '+7 916 ***-**-67',
    version: 4,
    name: 'Anna',
    business_group_id: 2,
    custom_purpose: null,
    fifth_step_purposes: [],
    fifth_step_custom_purpose: null,
  },
  confirmation_code_send_channel: 'call',
  user: null,
  company: null,
  time_to_call: 30,
  need_recaptcha: true,
  call_count: 2,
  available_channels: ['call', 'sms'],
  attempts_left: 5,
  has_pending_invites: false,
}

describe('the progress the machine keeps', () => {
  it('keeps the step, the place count, the code channel and the countdown of the status', () => {
    expect(progressViewOf(status)).toEqual({
      progressId: 41,
      status: 'user_new_with_unfinished_onboarding',
      isCompleted: false,
      lastCompletedStep: 2,
      placeCountId: 3,
      channel: 'call',
      timeToCall: 30,
      callCount: 2,
      hasPhone: true,
      hasEmail: false,
      smsChannel: 'sms',
      needRecaptcha: true,
    })
  })

  it('sends SMS through the other provider when the server offers it, and knows a given e-mail', () => {
    const abroad = {
      ...status,
      onboarding_progress: { ...status.onboarding_progress, phone: null, email: 'an***@example.test' },
      available_channels: ['call' as const, 'sms_vonage' as const],
    }
    expect(progressViewOf(abroad)).toMatchObject({
      smsChannel: 'sms_vonage',
      hasPhone: false,
      hasEmail: true,
    })
  })
})

describe('what finishing the registration answers', () => {
  const reply: OnboardingCompletion = {
    token_pair: null,
    user: { id: 90, name: 'Vera' },
    company: null,
    joined_company_ids: [],
    onboarding_progress: { id: 41, is_completed: true },
    is_individual: false,
  }

  it('starts a session with a new account’s token and goes to its new company', () => {
    const withToken = {
      ...reply,
      token_pair: { access_token: 'token-new' } as OnboardingCompletion['token_pair'],
      company: { id: 300 },
      joined_company_ids: [5],
    }
    expect(completionOf(withToken)).toEqual({
      accessToken: 'token-new',
      user: { id: 90, name: 'Vera' },
      companyId: 300,
    })
  })

  it('goes to the first company joined when none was created, and to none when none was joined', () => {
    expect(completionOf({ ...reply, joined_company_ids: [5, 6] })).toMatchObject({
      accessToken: null,
      companyId: 5,
    })
    expect(completionOf(reply).companyId).toBeNull()
  })
})

describe('the goals a goal step shows again', () => {
  it('shows nothing chosen before the progress is known', () => {
    expect(savedGoalsOf(undefined, 'fourth')).toEqual({ purposes: [], customPurpose: undefined })
    expect(savedGoalsOf(undefined, 'fifth')).toEqual({ purposes: [], customPurpose: undefined })
  })

  it('shows each goal step its own answers', () => {
    const progress = {
      ...status.onboarding_progress,
      purposes: [12, 11],
      custom_purpose: 'Train staff',
      fifth_step_purposes: [22, 11],
      fifth_step_custom_purpose: 'Sell cosmetics',
    }
    expect(savedGoalsOf(progress, 'fourth')).toEqual({ purposes: [12, 11], customPurpose: 'Train staff' })
    expect(savedGoalsOf(progress, 'fifth')).toEqual({ purposes: [22, 11], customPurpose: 'Sell cosmetics' })
  })
})
