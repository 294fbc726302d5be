import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { CALLS_BEFORE_SMS, type ConfirmationChannel } from '../../contract/onboarding/rules'
import { issueCode, type CodeKey, type CodeStatus } from '../codes/confirmation-codes'
import type { Config } from '../config'
import type { Database } from '../db/database'
import { onboardingProgress, users } from '../db/schema'
import type { Language } from '../../contract/ui-languages'
import type { Delivery } from '../delivery/message'
import { translate } from '../i18n/server-messages'
import { LOCAL_SMS_COUNTRIES } from '../references/country-ids'
import type { ProgressRow } from './progress-access'
import { releaseCodeToContact, reserveCodeToContact, type RegistrationCapDeps } from './registration-caps'

export interface OnboardingDeps {
  db: Database
  config: Pick<Config, 'DATA_KEYS'> & RegistrationCapDeps['config']
  delivery: Delivery
  /** The request's logger, for what sending a code logs. */
  log: FastifyBaseLogger
  /** The language of the request (server/i18n/request-language.ts): what the codes and notices are written in. */
  language: Language
}

export const ONBOARDING_CODE_PURPOSE = 'onboarding'
export const progressCodeKey = (progressId: number): CodeKey => ({
  purpose: ONBOARDING_CODE_PURPOSE,
  subject: String(progressId),
})

/** The SMS channel of a phone: the local provider in Russia and the CIS, the international one elsewhere. */
export function smsChannelOf(progress: Pick<ProgressRow, 'phoneCountry'>): ConfirmationChannel {
  return progress.phoneCountry && LOCAL_SMS_COUNTRIES.has(progress.phoneCountry) ? 'sms' : 'sms_vonage'
}

/**
 * The channels a code may go by now: a call for a phone, SMS once CALLS_BEFORE_SMS calls were made (SPEC.md
 * section 4), e-mail when an address was given.
 */
export function availableChannels(
  progress: Pick<ProgressRow, 'phone' | 'phoneCountry' | 'email' | 'callCount'>,
): ConfirmationChannel[] {
  const channels: ConfirmationChannel[] = []
  if (progress.phone) {
    channels.push('call')
    if (progress.callCount >= CALLS_BEFORE_SMS) channels.push(smsChannelOf(progress))
  }
  if (progress.email) channels.push('email')
  return channels
}

/** Whether an account already uses the contact a channel reaches. */
export async function contactHasAccount(
  db: Database,
  progress: Pick<ProgressRow, 'phone' | 'email'>,
  channel: ConfirmationChannel,
): Promise<boolean> {
  const condition =
    channel === 'email'
      ? progress.email
        ? eq(users.email, progress.email)
        : undefined
      : progress.phone
        ? eq(users.phone, progress.phone)
        : undefined
  if (!condition) return false
  const [row] = await db.select({ id: users.id }).from(users).where(condition)
  return row !== undefined
}

function codeText(language: Language, channel: ConfirmationChannel, code: string): string {
  if (channel === 'call') {
    const spoken = code.split('').join(' ')
    return translate(language, /*i18n*/ 'Your registration code is {code}. Once more: {code}.', {
      code: spoken,
    })
  }
  return translate(
    language,
    /*i18n*/ 'Your registration code is {code}. It is valid for 10 minutes. Do not tell it to anyone.',
    { code },
  )
}

const NOTICE_TEXT =
  /*i18n*/ 'Someone tried to register a new account with your contact. If it was you, sign in or reset your password instead. If it was not you, ignore this message: nothing has changed.'

/**
 * Sends a new code for the progress by the channel (a resend replaces the old code; 1001 while the resend
 * wait lasts). When an account already uses the contact, a code is still issued, so that the reply, the wait
 * and the later code checks look exactly as for a new visitor, but it is never sent: on the first step the
 * account's owner gets a notice instead, and resends send nothing.
 */
export async function sendProgressCode(
  deps: OnboardingDeps,
  progress: ProgressRow,
  channel: ConfirmationChannel,
  options: { firstStep: boolean },
): Promise<CodeStatus> {
  const recipient = channel === 'email' ? progress.email : progress.phone
  if (recipient) await reserveCodeToContact(deps, recipient)
  const issued = await issueCode(deps.db, deps.config.DATA_KEYS, progressCodeKey(progress.id)).catch(
    async (error: unknown) => {
      if (recipient) await releaseCodeToContact(deps.db, recipient)
      throw error
    },
  )
  const { code, status } = issued
  await deps.db
    .update(onboardingProgress)
    .set({
      confirmationChannel: channel,
      callCount: channel === 'call' ? sql`${onboardingProgress.callCount} + 1` : onboardingProgress.callCount,
      updatedAt: new Date(),
    })
    .where(eq(onboardingProgress.id, progress.id))

  if (!recipient) return status
  if (await contactHasAccount(deps.db, progress, channel)) {
    if (options.firstStep) {
      await deps.delivery.send(
        {
          channel: channel === 'email' ? 'email' : smsChannelOf(progress),
          recipient,
          subject: translate(deps.language, /*i18n*/ 'Someone tried to register with your contact'),
          text: translate(deps.language, NOTICE_TEXT),
        },
        deps.log,
      )
    }
    return status
  }
  await deps.delivery.send(
    {
      channel,
      recipient,
      subject: translate(deps.language, /*i18n*/ 'Your registration code'),
      text: codeText(deps.language, channel, code),
    },
    deps.log,
  )
  return status
}
