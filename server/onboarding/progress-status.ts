import { count, eq } from 'drizzle-orm'
import type { OnboardingStatus, UserState } from '../../contract/onboarding/schemas'
import { CODE_MAX_ATTEMPTS } from '../codes/code-rules'
import { codeStatus } from '../codes/confirmation-codes'
import type { Database } from '../db/database'
import { companyUsers, users } from '../db/schema'
import { listPendingInvitesFor } from '../invites/pending-invites'
import { maskEmail } from '../phone/mask-email'
import { maskPhone } from '../phone/phone-number'
import { availableChannels, progressCodeKey } from './code-delivery'
import type { ProgressRow, ProgressViewer } from './progress-access'

/**
 * The user state that drives the client (docs/api.md, "Onboarding"). It is computed for the asking device:
 * a device that has not confirmed a code is "not approved" even when another device has, since it may not
 * answer the questionnaire until it confirms one itself.
 */
async function userState(db: Database, viewer: ProgressViewer): Promise<UserState> {
  const { progress } = viewer
  if (progress.userId !== null && viewer.isConfirmed) {
    const [row] = await db
      .select({ companies: count() })
      .from(companyUsers)
      .where(eq(companyUsers.userId, progress.userId))
    return (row?.companies ?? 0) > 0 ? 'user_with_companies' : 'user_without_companies'
  }
  if (!viewer.isConfirmed) {
    return progress.confirmationChannel === 'email'
      ? 'user_not_approved_by_email'
      : 'user_not_approved_by_phone'
  }
  return progress.lastCompletedStep === null ? 'user_new' : 'user_new_with_unfinished_onboarding'
}

/** The contacts whose ownership the progress proves: only those may find invites without a token. */
export function confirmedContacts(progress: ProgressRow): { phone: string | null; email: string | null } {
  return {
    phone: progress.phoneConfirmedAt ? progress.phone : null,
    email: progress.emailConfirmedAt ? progress.email : null,
  }
}

/** The contacts of the signed-in owner plus those confirmed on the progress. */
export async function provenContacts(
  db: Database,
  viewer: ProgressViewer,
): Promise<{ phone: string | null; email: string | null }[]> {
  const contacts = [confirmedContacts(viewer.progress)]
  if (viewer.isOwner && viewer.progress.userId !== null) {
    const [user] = await db.select().from(users).where(eq(users.id, viewer.progress.userId))
    if (user) contacts.push({ phone: user.phone, email: user.email })
  }
  return contacts
}

/**
 * The status object of SPEC.md section 3 for a progress as the viewer may see it. Contacts are always masked;
 * the answers that name a person or a business (name, company title, promo code, custom purpose) only reach a
 * device that confirmed a code, since the progress id alone is no secret.
 */
export async function buildProgressStatus(
  db: Database,
  viewer: ProgressViewer,
  options: { needRecaptcha?: boolean } = {},
): Promise<OnboardingStatus> {
  const { progress } = viewer
  const personal = viewer.isConfirmed
  const [state, code] = await Promise.all([
    userState(db, viewer),
    codeStatus(db, progressCodeKey(progress.id)),
  ])
  let hasPendingInvites = false
  if (personal && !progress.completedAt) {
    for (const contacts of await provenContacts(db, viewer)) {
      if ((await listPendingInvitesFor(db, contacts)).length > 0) hasPendingInvites = true
    }
  }
  const showUser = personal && progress.userId !== null
  let user: { id: number; name: string } | null = null
  if (showUser) {
    const [row] = await db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, progress.userId!))
    user = row ?? null
  }
  return {
    status: state,
    onboarding_progress: {
      id: progress.id,
      is_completed: progress.completedAt !== null,
      last_completed_step: progress.lastCompletedStep,
      email: progress.email ? maskEmail(progress.email) : null,
      company_title: personal ? progress.companyTitle : null,
      promo_code: personal ? progress.promoCode : null,
      position: progress.positionId,
      place_count_id: progress.placeCountId,
      staff_count_id: progress.staffCountId,
      is_provide_services_by_myself: progress.isProvideServicesByMyself,
      referral_source_id: progress.referralSourceId,
      purposes: progress.purposes,
      country_id: progress.countryId,
      city_id: progress.cityId,
      business_type_id: progress.businessTypeId,
      phone: progress.phone ? maskPhone(progress.phone) : null,
      version: progress.version === 4 ? 4 : 3,
      name: personal ? progress.name : null,
      business_group_id: progress.businessGroupId,
      custom_purpose: personal ? progress.customPurpose : null,
      fifth_step_purposes: progress.fifthStepPurposes,
      fifth_step_custom_purpose: personal ? progress.fifthStepCustomPurpose : null,
    },
    confirmation_code_send_channel: channelOf(progress.confirmationChannel),
    user,
    company: personal && progress.companyId !== null ? { id: progress.companyId } : null,
    time_to_call: code?.wait_period ?? 0,
    need_recaptcha: options.needRecaptcha ?? false,
    call_count: progress.callCount,
    available_channels: availableChannels(progress),
    attempts_left: code?.attempts_left ?? CODE_MAX_ATTEMPTS,
    has_pending_invites: hasPendingInvites,
  }
}

function channelOf(value: string | null): OnboardingStatus['confirmation_code_send_channel'] {
  return value === 'sms' || value === 'call' || value === 'email' || value === 'sms_vonage' ? value : null
}
