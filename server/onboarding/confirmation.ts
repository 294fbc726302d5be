import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { ConfirmationChannel } from '../../contract/onboarding/rules'
import type { OnboardingStatus, SendConfirmCodeReply } from '../../contract/onboarding/schemas'
import { confirmationCodeErrors } from '../../contract/error-codes'
import { codeStatus, verifyCode } from '../codes/confirmation-codes'
import { onboardingProgress, onboardingTokens } from '../db/schema'
import { HttpError } from '../http/http-error'
import {
  availableChannels,
  contactHasAccount,
  progressCodeKey,
  sendProgressCode,
  type OnboardingDeps,
} from './code-delivery'
import { findProgress, requireProgressAccess } from './progress-access'
import { hashOnboardingToken, readOnboardingCookie } from './progress-cookie'
import { buildProgressStatus } from './progress-status'

export const ALREADY_CONFIRMED_MESSAGE = /*i18n*/ 'The code is already confirmed on this device.'
export const CHANNEL_UNAVAILABLE_MESSAGE = /*i18n*/ 'This channel is not available for your registration'

/** POST /onboarding/send_confirm_code/{id}: a new code by the chosen channel, if that channel is open. */
export async function resendCode(
  deps: OnboardingDeps,
  request: FastifyRequest,
  progressId: number,
  channel: ConfirmationChannel,
): Promise<SendConfirmCodeReply> {
  const viewer = await requireProgressAccess(deps.db, request, progressId, { confirmed: false })
  if (viewer.isConfirmed) throw new HttpError(409, ALREADY_CONFIRMED_MESSAGE)
  const open = availableChannels(viewer.progress)
  if (!open.includes(channel)) {
    throw new HttpError(422, /*i18n*/ 'Validation failed', {
      fieldErrors: { channel: [CHANNEL_UNAVAILABLE_MESSAGE] },
    })
  }
  const status = await sendProgressCode(deps, viewer.progress, channel, { firstStep: false })
  const progress = (await findProgress(deps.db, progressId)) ?? viewer.progress
  return {
    confirmation_code_send_channel: channel,
    attempts_left: status.attempts_left,
    wait_period: status.wait_period,
    call_count: progress.callCount,
    available_channels: availableChannels(progress),
  }
}

/**
 * POST /onboarding/confirm_code/{id}: checks the code (2001 wrong, 2002 attempts exhausted) and opens the
 * questionnaire on this device. A code for a contact that already has an account was never sent to anyone
 * and can never be confirmed, even if guessed.
 */
export async function confirmCode(
  deps: OnboardingDeps,
  request: FastifyRequest,
  progressId: number,
  code: string,
): Promise<OnboardingStatus> {
  const viewer = await requireProgressAccess(deps.db, request, progressId, { confirmed: false })
  if (viewer.isConfirmed) throw new HttpError(409, ALREADY_CONFIRMED_MESSAGE)
  const { progress } = viewer
  const channel: ConfirmationChannel = progress.confirmationChannel === 'email' ? 'email' : 'call'
  const key = progressCodeKey(progress.id)
  await verifyCode(deps.db, deps.config.DATA_KEYS, key, code)
  if (await contactHasAccount(deps.db, progress, channel)) {
    const status = await codeStatus(deps.db, key)
    throw new HttpError(422, confirmationCodeErrors.invalid.message, {
      code: confirmationCodeErrors.invalid.code,
      details: status ? { ...status } : {},
    })
  }

  const now = new Date()
  const cookie = readOnboardingCookie(request)
  if (cookie) {
    await deps.db
      .update(onboardingTokens)
      .set({ confirmedAt: now })
      .where(
        and(
          eq(onboardingTokens.tokenHash, hashOnboardingToken(cookie)),
          isNull(onboardingTokens.confirmedAt),
        ),
      )
  }
  const confirmedColumn =
    channel === 'email' ? onboardingProgress.emailConfirmedAt : onboardingProgress.phoneConfirmedAt
  await deps.db
    .update(onboardingProgress)
    .set(
      channel === 'email'
        ? {
            emailConfirmedAt: sql`coalesce(${confirmedColumn}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
          }
        : {
            phoneConfirmedAt: sql`coalesce(${confirmedColumn}, ${now.toISOString()}::timestamptz)`,
            updatedAt: now,
          },
    )
    .where(eq(onboardingProgress.id, progress.id))

  const updated = (await findProgress(deps.db, progress.id)) ?? progress
  return buildProgressStatus(deps.db, { ...viewer, progress: updated, isConfirmed: true })
}
