import type { Completion, ProgressView } from '../../../machines/onboarding'
import { stepsOf, type OnboardingVariant, type QuestionnaireStep } from '../../../machines/onboarding-steps'
import type { OnboardingCompletion, OnboardingStatus } from '../../../contract/onboarding/schemas'

/** What the onboarding machine keeps of the server's status object. */
export function progressViewOf(status: OnboardingStatus): ProgressView {
  const progress = status.onboarding_progress
  return {
    progressId: progress.id,
    status: status.status,
    isCompleted: progress.is_completed,
    lastCompletedStep: progress.last_completed_step,
    placeCountId: progress.place_count_id,
    channel: status.confirmation_code_send_channel,
    timeToCall: status.time_to_call,
    callCount: status.call_count,
    hasPhone: progress.phone !== null,
    hasEmail: progress.email !== null,
    // Numbers outside Russia and the CIS get SMS through the other provider; the server names it.
    smsChannel: status.available_channels.includes('sms_vonage') ? 'sms_vonage' : 'sms',
    needRecaptcha: status.need_recaptcha,
  }
}

export function completionOf(reply: OnboardingCompletion): Completion {
  return {
    accessToken: reply.token_pair?.access_token ?? null,
    user: reply.user,
    companyId: reply.company?.id ?? reply.joined_company_ids[0] ?? null,
  }
}

/** A page of the registration that counts in "Step n of m". */
export type CountedPage = QuestionnaireStep | 'continue_register'

/**
 * The pages a visitor will really fill in, in order: the questionnaire steps of the route table and, for a
 * visitor without an account, the account page (continue_register) that follows them. A signed-in visitor
 * finishes straight after the last step. The confirmation code and the welcome screen are not counted: they
 * ask nothing about the business.
 */
export function countedPages(variant: OnboardingVariant, signedIn: boolean): readonly CountedPage[] {
  const steps: readonly CountedPage[] = stepsOf(variant)
  return signedIn ? steps : [...steps, 'continue_register']
}

/** Where a page stands in the pages the visitor will see, and whether another page follows it. */
export function stepProgress(page: CountedPage, variant: OnboardingVariant, signedIn: boolean) {
  const pages = countedPages(variant, signedIn)
  const number = pages.indexOf(page) + 1
  return { number, of: pages.length, last: number === pages.length }
}
