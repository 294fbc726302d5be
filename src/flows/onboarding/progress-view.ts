import type { Completion, ProgressView } from '../../../machines/onboarding'
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
  }
}

export function completionOf(reply: OnboardingCompletion): Completion {
  return {
    accessToken: reply.token_pair?.access_token ?? null,
    user: reply.user,
    companyId: reply.company?.id ?? reply.joined_company_ids[0] ?? null,
  }
}
