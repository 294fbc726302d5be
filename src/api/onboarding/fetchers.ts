import { apiRequest } from '../client'
import type { ConfirmationChannel } from '../../../contract/onboarding/rules'
import {
  onboardingCompletionSchema,
  onboardingReferencesSchema,
  onboardingStatusSchema,
  pendingInvitesSchema,
  sendConfirmCodeReplySchema,
  type ContinueRegisterAcceptInvitesBody,
  type ContinueRegisterCreateCompanyBody,
  type CreateCompanyBody,
  type FirstStepBody,
  type JoinBody,
} from '../../../contract/onboarding/schemas'

/** The questionnaire steps after first, each with its own call. */
export type QuestionnaireCall = 'second' | 'third' | 'fourth' | 'fifth'

/** POST /onboarding/first: starts or resumes a progress; the reply sets the progress cookie. */
export function postFirstStep(body: FirstStepBody) {
  return apiRequest('/onboarding/first', { method: 'POST', body, schema: onboardingStatusSchema })
}

/** GET /onboarding/progress/{id}: the status object, contacts masked. */
export function fetchProgress(progressId: number) {
  return apiRequest(`/onboarding/progress/${progressId}`, { schema: onboardingStatusSchema })
}

/** POST /onboarding/{second|third|fourth|fifth}/{id}: saves a step and answers the status object. */
export function postQuestionnaireStep(step: QuestionnaireCall, progressId: number, body: object) {
  return apiRequest(`/onboarding/${step}/${progressId}`, {
    method: 'POST',
    body,
    schema: onboardingStatusSchema,
  })
}

/** POST /onboarding/confirm_code/{id} */
export function postConfirmCode(progressId: number, code: string) {
  return apiRequest(`/onboarding/confirm_code/${progressId}`, {
    method: 'POST',
    body: { code },
    schema: onboardingStatusSchema,
  })
}

/** POST /onboarding/send_confirm_code/{id}: a new code by the channel asked for. */
export function postSendConfirmCode(progressId: number, channel: ConfirmationChannel) {
  return apiRequest(`/onboarding/send_confirm_code/${progressId}`, {
    method: 'POST',
    body: { channel },
    schema: sendConfirmCodeReplySchema,
    auth: false,
  })
}

/** POST /onboarding/continue_register/create_company/{id}: a new account with its company. */
export function postRegisterWithCompany(progressId: number, body: ContinueRegisterCreateCompanyBody) {
  return apiRequest(`/onboarding/continue_register/create_company/${progressId}`, {
    method: 'POST',
    body,
    schema: onboardingCompletionSchema,
  })
}

/** POST /onboarding/continue_register/accept_invites/{id}: a new account that joins the companies that invited it. */
export function postRegisterWithInvites(progressId: number, body: ContinueRegisterAcceptInvitesBody) {
  return apiRequest(`/onboarding/continue_register/accept_invites/${progressId}`, {
    method: 'POST',
    body,
    schema: onboardingCompletionSchema,
  })
}

/** POST /onboarding/create_company/{id}: a signed-in visitor's new company. */
export function postCreateCompany(progressId: number, body: CreateCompanyBody) {
  return apiRequest(`/onboarding/create_company/${progressId}`, {
    method: 'POST',
    body,
    schema: onboardingCompletionSchema,
  })
}

/** POST /onboarding/join/{id}: a signed-in visitor accepts their pending invites. */
export function postJoin(progressId: number, body: JoinBody) {
  return apiRequest(`/onboarding/join/${progressId}`, {
    method: 'POST',
    body,
    schema: onboardingCompletionSchema,
  })
}

/** GET /onboarding/invites: the invites of the contacts this browser has proven. */
export function fetchInvites() {
  return apiRequest('/onboarding/invites', { schema: pendingInvitesSchema })
}

/** GET /onboarding/references: positions, counts, referral sources and goals in the asked language. */
export function fetchOnboardingReferences(lang: 'ru' | 'en') {
  return apiRequest('/onboarding/references', {
    query: { lang },
    schema: onboardingReferencesSchema,
    auth: false,
  })
}
