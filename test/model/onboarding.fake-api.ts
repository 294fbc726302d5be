import { http, HttpResponse, type HttpHandler } from 'msw'
import type { Completion, ProgressView } from '../../machines/onboarding'
import { apiBase } from '../../src/api/client'
import type { OnboardingStatus } from '../../contract/onboarding/schemas'
import { anna, createGate, ok, tokenPair } from '../support/msw-api'

/** The status object the server answers for a progress the machine sees as `view`. */
export function statusOf(view: ProgressView): OnboardingStatus {
  return {
    status: view.status as OnboardingStatus['status'],
    onboarding_progress: {
      id: view.progressId,
      is_completed: view.isCompleted,
      last_completed_step: view.lastCompletedStep,
      email: view.hasEmail ? 've***@example.com' : null,
      company_title: null,
      promo_code: null,
      position: null,
      place_count_id: view.placeCountId,
      staff_count_id: null,
      is_provide_services_by_myself: null,
      referral_source_id: null,
      purposes: [],
      country_id: null,
      city_id: null,
      business_type_id: null,
      phone: view.hasPhone ? '+7 900 ***-**-67' : null,
      version: 4,
      name: 'Vera',
      business_group_id: null,
      custom_purpose: null,
      fifth_step_purposes: [],
      fifth_step_custom_purpose: null,
    },
    confirmation_code_send_channel: view.channel,
    user: null,
    company: null,
    time_to_call: view.timeToCall,
    need_recaptcha: false,
    call_count: view.callCount,
    available_channels: ['call', 'email'],
    attempts_left: 5,
    has_pending_invites: false,
  }
}

/** The reply of a finishing call for the machine's completion. */
export function completionReplyOf(completion: Completion, progressId: number) {
  return {
    token_pair: completion.accessToken
      ? tokenPair(completion.accessToken, { ...anna, id: completion.user!.id, name: completion.user!.name })
      : null,
    user: completion.user ?? { id: anna.id, name: anna.name },
    company: completion.companyId === null ? null : { id: completion.companyId },
    joined_company_ids: [],
    onboarding_progress: { id: progressId, is_completed: true },
    is_individual: false,
  }
}

const titled = (items: [number, string][]) => items.map(([id, title]) => ({ id, slug: `item_${id}`, title }))

export const references = {
  positions: titled([
    [1, 'Owner'],
    [2, 'Manager'],
  ]),
  place_counts: titled([
    [1, 'One place'],
    [3, 'I work by myself'],
  ]),
  staff_counts: titled([
    [1, 'Just me'],
    [2, '2 to 5'],
  ]),
  referral_sources: titled([[1, 'Search engine']]),
  purposes: titled([
    [11, 'Other'],
    [12, 'Record clients online'],
    [21, 'Connect online booking'],
  ]),
  general_purpose_ids: [12, 11],
  short_purpose_ids: [21, 11],
}

const russia = {
  id: 1,
  iso_code: 'RU',
  title: 'Russia',
  lang_id: 1,
  phone_code: '7',
  phone_example: '+7 912 345-67-89',
  phone_template: '+7 XXX XXX-XX-XX',
  phone_lengths: [10],
  currency: 'RUB',
  flag: '🇷🇺',
  has_states: true,
}

export const invite = {
  id: 5,
  company: { id: 1, title: 'Salon One' },
  role: 'administrator',
  position_id: null,
  inviter_name: 'Anna',
  expires_at: '2030-01-01T00:00:00.000Z',
}

/**
 * The onboarding calls of a screen test: each call that a model step decides is a gate the step
 * answers; reference data answers at once, as the real server would.
 */
export function createOnboardingApi() {
  const gates = {
    first: createGate('post', '/onboarding/first'),
    progress: createGate('get', '/onboarding/progress/:id'),
    step: createGate('post', '/onboarding/:step/:id'),
    confirm: createGate('post', '/onboarding/confirm_code/:id'),
    resend: createGate('post', '/onboarding/send_confirm_code/:id'),
    invites: createGate('get', '/onboarding/invites'),
    registerCompany: createGate('post', '/onboarding/continue_register/create_company/:id'),
    registerInvites: createGate('post', '/onboarding/continue_register/accept_invites/:id'),
    createCompany: createGate('post', '/onboarding/create_company/:id'),
    join: createGate('post', '/onboarding/join/:id'),
  }
  const handlers: HttpHandler[] = [
    // The specific routes come before the questionnaire's `/onboarding/:step/:id`.
    gates.first.handler,
    gates.progress.handler,
    gates.confirm.handler,
    gates.resend.handler,
    gates.invites.handler,
    gates.registerCompany.handler,
    gates.registerInvites.handler,
    gates.createCompany.handler,
    gates.join.handler,
    gates.step.handler,
    http.get(`${apiBase}/onboarding/references`, () => ok(references)),
    http.get(`${apiBase}/countries`, () => ok([russia])),
    http.get(`${apiBase}/references/business_groups_with_types`, () =>
      ok([
        {
          id: 2,
          slug: 'barbershop',
          title: 'Barbershop',
          types: [{ id: 201, slug: 'barbershop', title: 'Barbershop' }],
        },
      ]),
    ),
    http.get(`${apiBase}/city/search`, () => ok([])),
    http.get(`${apiBase}/onboarding/recaptcha_config`, () => ok({ site_key: null, mode: 'development' })),
    http.post(`${apiBase}/auth/session`, () =>
      HttpResponse.json({ success: false, data: null, meta: {} }, { status: 401 }),
    ),
  ]
  return {
    handlers,
    ...gates,
    release() {
      for (const gate of Object.values(gates)) gate.release()
    },
  }
}

export type OnboardingApi = ReturnType<typeof createOnboardingApi>

/** The cookies a visit to the registration leaves (the notice, the table, the A/B group, where the visitor came from). */
const onboardingCookies = [
  'onboarding_notice_accepted',
  'onboarding_table',
  'onboarding_ab',
  'ab_group_percentage',
  'referer_full',
  'entry_page',
  'referer_domain',
  'utm_uuid',
  'utm_data',
]

/** Removes them, so that the next suite of the shared jsdom starts as a first visit. */
export function clearOnboardingCookies() {
  for (const name of onboardingCookies) document.cookie = `${name}=; Path=/; Max-Age=0`
}
