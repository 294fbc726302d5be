import * as v from 'valibot'
import { newPasswordSchema, confirmPasswordSchema, withMatchingPasswords } from '../auth/password-policy'
import { tokenPairSchema } from '../auth/schemas'
import { confirmationCodeErrorCodes } from '../error-codes'
import {
  CONFIRMATION_CHANNELS,
  INDIVIDUAL_PLACE_COUNT_ID,
  INDIVIDUAL_STAFF_COUNT_ID,
  needsCustomPurpose,
  NEWER_VERSION,
  OLDER_VERSION,
  PLACE_COUNT_IDS,
  PLACE_COUNT_NOT_GIVEN,
  POSITION_IDS,
  PURPOSE_IDS,
  REFERRAL_SOURCE_IDS,
  STAFF_COUNT_IDS,
} from './rules'
import { int4Schema, storableText } from '../storable-values'
import { fieldText } from '../field-text'

/*
 * The onboarding contract (SPEC.md sections 3 and 7): every payload the client sends and every reply it reads.
 * The server validates requests with these same schemas, so a field message here is what the user sees.
 */

// ---------------------------------------------------------------------------------------------------------
// Schemas of the ids and lists in ./rules.ts
// ---------------------------------------------------------------------------------------------------------

export const onboardingVersionSchema = v.picklist(
  [OLDER_VERSION, NEWER_VERSION],
  /*i18n*/ 'Unknown onboarding version',
)
export type OnboardingVersion = v.InferOutput<typeof onboardingVersionSchema>

/** Confirmation channels (SPEC.md section 3). */
export const confirmationChannelSchema = v.picklist(CONFIRMATION_CHANNELS, /*i18n*/ 'Unknown channel')

/** The user states that the server computes and the client's onboarding machine follows. */
export const userStateSchema = v.picklist([
  'user_not_approved_by_phone',
  'user_not_approved_by_email',
  'user_new',
  'user_new_with_unfinished_onboarding',
  'user_without_companies',
  'user_with_companies',
])
export type UserState = v.InferOutput<typeof userStateSchema>

// ---------------------------------------------------------------------------------------------------------
// Field schemas
// ---------------------------------------------------------------------------------------------------------

const idSchema = (message: string) => int4Schema(1, message)

/**
 * A phone as typed: digits with optional +, spaces, dashes, dots and brackets. Whether it is a real number
 * of its country is decided by the server with libphonenumber-js (the reply names the field `phone`).
 */
export const phoneInputSchema = v.pipe(
  v.string(/*i18n*/ 'Enter a phone number'),
  v.trim(),
  v.minLength(1, /*i18n*/ 'Enter a phone number'),
  v.maxLength(32, /*i18n*/ 'The phone number is too long'),
  v.regex(/^\+?[\d\s().-]+$/, /*i18n*/ 'Enter a phone number in international format'),
)

/**
 * E-mail shape of SPEC.md section 5: local part, @, domain, dot, a top-level part of 2+ letters, in any script
 * (a Russian salon's address may well end in .рф).
 */
export const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+\p{L}{2,}$/u
export const emailSchema = v.pipe(
  v.string(/*i18n*/ 'Enter an e-mail'),
  v.trim(),
  v.minLength(1, /*i18n*/ 'Enter an e-mail'),
  v.maxLength(254, /*i18n*/ 'The e-mail is too long'),
  v.regex(EMAIL_PATTERN, /*i18n*/ 'Enter an e-mail like name@example.com'),
)

/** The reference token pattern of SPEC.md section 5. */
export const REFERENCE_TOKEN_PATTERN = /^[\p{L}\p{N}.,:;?!*+%\-<>@[\]{}/\\_$#]*$/u

const nameSchema = v.pipe(
  v.string(/*i18n*/ 'Enter your name'),
  v.trim(),
  v.minLength(1, /*i18n*/ 'Enter your name'),
  v.maxLength(100, /*i18n*/ 'Use at most 100 characters'),
)
const companyTitleSchema = v.pipe(
  v.string(/*i18n*/ 'Enter the company name'),
  v.trim(),
  v.minLength(1, /*i18n*/ 'Enter the company name'),
  v.maxLength(150, /*i18n*/ 'Use at most 150 characters'),
)
const promoCodeSchema = v.nullish(
  v.pipe(
    v.string(/*i18n*/ 'Enter a promo code'),
    v.trim(),
    v.maxLength(64, /*i18n*/ 'Use at most 64 characters'),
    v.regex(REFERENCE_TOKEN_PATTERN, /*i18n*/ 'A promo code holds letters, digits and punctuation only'),
  ),
)
const positionSchema = v.picklist(POSITION_IDS, /*i18n*/ 'Choose your position')
/** A second step without a place count sends 0 (SPEC.md section 3), which no choice of the list means. */
const placeCountSchema = v.optional(
  v.picklist([PLACE_COUNT_NOT_GIVEN, ...PLACE_COUNT_IDS], /*i18n*/ 'Choose how many places you have'),
  PLACE_COUNT_NOT_GIVEN,
)
const staffCountSchema = v.picklist(STAFF_COUNT_IDS, /*i18n*/ 'Choose how many people work with you')
const purposesSchema = v.pipe(
  v.array(v.picklist(PURPOSE_IDS, /*i18n*/ 'Unknown purpose'), /*i18n*/ 'Choose your goals'),
  v.maxLength(PURPOSE_IDS.length, /*i18n*/ 'Too many goals'),
  v.check((ids) => new Set(ids).size === ids.length, /*i18n*/ 'Each goal can be chosen once'),
)
const customPurposeSchema = v.nullish(
  v.pipe(v.string(), v.trim(), v.maxLength(255, /*i18n*/ 'Use at most 255 characters')),
)
const shortText = (max: number) =>
  v.nullish(
    v.pipe(
      v.string(),
      storableText(),
      v.maxLength(
        max,
        fieldText(/*i18n*/ 'Use at most {max, plural, one {# character} other {# characters}}', { max }),
      ),
    ),
  )

/** The custom purpose is required when "other" (11) is among the purposes (SPEC.md section 4). */
function customPurposeGiven(input: { purposes?: readonly number[]; custom_purpose?: string | null }) {
  return !needsCustomPurpose(input.purposes) || Boolean(input.custom_purpose)
}
const CUSTOM_PURPOSE_MISSING = /*i18n*/ 'Describe your goal'

// ---------------------------------------------------------------------------------------------------------
// Attribution: referral, UTM and A/B data sent with the first step and with company creation
// ---------------------------------------------------------------------------------------------------------

export const attributionFields = {
  /** The visitor's A/B group, assigned once (0 to 99) and kept in a cookie that never expires. */
  ab_group_percentage: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99))),
  referer_full: shortText(2048),
  entry_page: shortText(2048),
  referer_domain: shortText(255),
  /** utm_source, utm_medium, utm_campaign, utm_term, utm_content and any other utm_* of the entry page. */
  utm: v.nullish(
    v.pipe(
      v.record(
        v.pipe(v.string(), storableText(), v.maxLength(64)),
        v.pipe(v.string(), storableText(), v.maxLength(255)),
      ),
      v.check((utm) => Object.keys(utm).length <= 20, /*i18n*/ 'Too many utm fields'),
    ),
  ),
  /** The registration hash: a uuid that ties the visitor's analytics events to this registration. */
  utm_uuid: v.nullish(v.pipe(v.string(), v.uuid(/*i18n*/ 'utm_uuid must be a uuid'))),
}

// ---------------------------------------------------------------------------------------------------------
// Step payloads
// ---------------------------------------------------------------------------------------------------------

/**
 * POST /onboarding/first. A visitor who is not signed in gives a phone, an e-mail or both (the server
 * answers 422 on `phone` when neither is given); a phone gets the code by voice call, an e-mail alone gets
 * it by e-mail. `website` is the hidden honeypot field: people leave it empty.
 */
export const firstStepBodySchema = v.object({
  phone: v.nullish(phoneInputSchema),
  email: v.nullish(emailSchema),
  ...attributionFields,
  /** Milliseconds between showing the form and sending it. */
  form_complete_speed: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(86_400_000))),
  /** navigator.languages. */
  languages: v.optional(v.pipe(v.array(v.pipe(v.string(), v.maxLength(35))), v.maxLength(20)), []),
  /** The interface language id (Russian 1, English 2, ... up to 35). */
  language_id: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(35))),
  google_recaptcha_v2_token: v.nullish(v.pipe(v.string(), v.maxLength(4096))),
  version: onboardingVersionSchema,
  website: v.nullish(v.pipe(v.string(), v.maxLength(2048))),
})
export type FirstStepBody = v.InferOutput<typeof firstStepBodySchema>

/**
 * POST /onboarding/second/{id}, older table. Non-individuals (place_count other than 3) add company_title
 * and position; an individual is the owner of their own business, so the server records position 1.
 */
export const secondStepOlderBodySchema = v.pipe(
  v.object({
    name: nameSchema,
    place_count: placeCountSchema,
    company_title: v.optional(companyTitleSchema),
    position: v.optional(positionSchema),
  }),
  v.forward(
    v.partialCheck(
      [['place_count'], ['company_title']],
      (input) => input.place_count === INDIVIDUAL_PLACE_COUNT_ID || input.company_title !== undefined,
      /*i18n*/ 'Enter the company name',
    ),
    ['company_title'],
  ),
  v.forward(
    v.partialCheck(
      [['place_count'], ['position']],
      (input) => input.place_count === INDIVIDUAL_PLACE_COUNT_ID || input.position !== undefined,
      /*i18n*/ 'Choose your position',
    ),
    ['position'],
  ),
)
export type SecondStepOlderBody = v.InferOutput<typeof secondStepOlderBodySchema>

/** POST /onboarding/second/{id}, newer table: the company name moves to the third step. */
export const secondStepNewerBodySchema = v.pipe(
  v.object({
    name: nameSchema,
    place_count: placeCountSchema,
    position: v.optional(positionSchema),
    city_id: v.nullish(idSchema(/*i18n*/ 'Choose a city')),
    promo_code: promoCodeSchema,
    version: v.literal(NEWER_VERSION, /*i18n*/ 'Unknown onboarding version'),
  }),
  v.forward(
    v.partialCheck(
      [['place_count'], ['position']],
      (input) => input.place_count === INDIVIDUAL_PLACE_COUNT_ID || input.position !== undefined,
      /*i18n*/ 'Choose your position',
    ),
    ['position'],
  ),
)
export type SecondStepNewerBody = v.InferOutput<typeof secondStepNewerBodySchema>

/** POST /onboarding/third/{id}, older table, individual practitioner. */
export const thirdStepIndividualBodySchema = v.object({
  business_group_id: idSchema(/*i18n*/ 'Choose your line of business'),
  staff_count: v.literal(INDIVIDUAL_STAFF_COUNT_ID, /*i18n*/ 'An individual practitioner works alone'),
  is_provide_services_by_myself: v.literal(true, /*i18n*/ 'An individual practitioner provides the services'),
})
export type ThirdStepIndividualBody = v.InferOutput<typeof thirdStepIndividualBodySchema>

/** POST /onboarding/third/{id}, older table, a company. */
export const thirdStepBodySchema = v.object({
  business_type_id: idSchema(/*i18n*/ 'Choose your type of business'),
  staff_count: staffCountSchema,
  is_provide_services_by_myself: v.boolean(/*i18n*/ 'Say whether you provide services yourself'),
})
export type ThirdStepBody = v.InferOutput<typeof thirdStepBodySchema>

const newerThirdStepExtras = {
  purposes: v.optional(purposesSchema),
  custom_purpose: customPurposeSchema,
  version: v.literal(NEWER_VERSION, /*i18n*/ 'Unknown onboarding version'),
}

/** POST /onboarding/third/{id}, newer table, individual practitioner (no company name: the server uses the name). */
export const thirdStepNewerIndividualBodySchema = v.pipe(
  v.object({
    ...thirdStepIndividualBodySchema.entries,
    ...newerThirdStepExtras,
    company_title: v.optional(companyTitleSchema),
  }),
  v.forward(v.partialCheck([['purposes'], ['custom_purpose']], customPurposeGiven, CUSTOM_PURPOSE_MISSING), [
    'custom_purpose',
  ]),
)
export type ThirdStepNewerIndividualBody = v.InferOutput<typeof thirdStepNewerIndividualBodySchema>

/** POST /onboarding/third/{id}, newer table, a company. */
export const thirdStepNewerBodySchema = v.pipe(
  v.object({
    ...thirdStepBodySchema.entries,
    ...newerThirdStepExtras,
    company_title: companyTitleSchema,
  }),
  v.forward(v.partialCheck([['purposes'], ['custom_purpose']], customPurposeGiven, CUSTOM_PURPOSE_MISSING), [
    'custom_purpose',
  ]),
)
export type ThirdStepNewerBody = v.InferOutput<typeof thirdStepNewerBodySchema>

/** POST /onboarding/fourth/{id}, older table: where the business is and how the visitor found us. */
export const fourthStepOlderBodySchema = v.object({
  country_id: idSchema(/*i18n*/ 'Choose a country'),
  city_id: v.nullish(idSchema(/*i18n*/ 'Choose a city')),
  referral_source: v.picklist(REFERRAL_SOURCE_IDS, /*i18n*/ 'Choose how you heard of us'),
  promo_code: promoCodeSchema,
})
export type FourthStepOlderBody = v.InferOutput<typeof fourthStepOlderBodySchema>

/** POST /onboarding/fourth/{id}, newer table: the goals. */
export const fourthStepNewerBodySchema = v.pipe(
  v.object({
    purposes: purposesSchema,
    custom_purpose: customPurposeSchema,
    version: v.literal(NEWER_VERSION, /*i18n*/ 'Unknown onboarding version'),
  }),
  v.forward(v.partialCheck([['purposes'], ['custom_purpose']], customPurposeGiven, CUSTOM_PURPOSE_MISSING), [
    'custom_purpose',
  ]),
)
export type FourthStepNewerBody = v.InferOutput<typeof fourthStepNewerBodySchema>

/** POST /onboarding/fifth/{id}, newer table only: the goals chosen from the short or general list. */
export const fifthStepBodySchema = v.pipe(
  v.object({
    purposes: v.pipe(purposesSchema, v.minLength(1, /*i18n*/ 'Choose at least one goal')),
    custom_purpose: customPurposeSchema,
  }),
  v.forward(v.partialCheck([['purposes'], ['custom_purpose']], customPurposeGiven, CUSTOM_PURPOSE_MISSING), [
    'custom_purpose',
  ]),
)
export type FifthStepBody = v.InferOutput<typeof fifthStepBodySchema>

// ---------------------------------------------------------------------------------------------------------
// Codes
// ---------------------------------------------------------------------------------------------------------

/** POST /onboarding/confirm_code/{id} */
export const confirmCodeBodySchema = v.object({
  code: v.pipe(
    v.string(/*i18n*/ 'Enter the code'),
    v.trim(),
    v.regex(/^\d{6}$/, /*i18n*/ 'The code has 6 digits'),
  ),
})
export type ConfirmCodeBody = v.InferOutput<typeof confirmCodeBodySchema>

/** POST /onboarding/send_confirm_code/{id} */
export const sendConfirmCodeBodySchema = v.object({ channel: confirmationChannelSchema })
export type SendConfirmCodeBody = v.InferOutput<typeof sendConfirmCodeBodySchema>

/** The reply of POST /onboarding/send_confirm_code/{id}. */
export const sendConfirmCodeReplySchema = v.object({
  confirmation_code_send_channel: confirmationChannelSchema,
  /** Wrong codes still allowed for the code just sent. */
  attempts_left: v.number(),
  /** Seconds until another code may be asked for; the resend countdown starts here. */
  wait_period: v.number(),
  /** Voice calls made for this progress so far; SMS is available from CALLS_BEFORE_SMS on. */
  call_count: v.number(),
  available_channels: v.array(confirmationChannelSchema),
})
export type SendConfirmCodeReply = v.InferOutput<typeof sendConfirmCodeReplySchema>

/** The `errors` object of a code failure: 2001 wrong code, 2002 attempts exhausted, 1001 asked too often. */
export const codeErrorDetailsSchema = v.object({
  code: v.picklist(confirmationCodeErrorCodes),
  message: v.string(),
  attempts_left: v.optional(v.number()),
  wait_period: v.optional(v.number()),
})

// ---------------------------------------------------------------------------------------------------------
// Finishing
// ---------------------------------------------------------------------------------------------------------

/**
 * POST /onboarding/continue_register/... The visitor confirmed one contact; they add the other one:
 * `email` when the phone was confirmed (user_not_approved_by_phone), `phone` otherwise. Either may be left
 * out when the first step already gave it.
 */
const continueRegisterFields = {
  name: nameSchema,
  password: newPasswordSchema,
  confirm_password: confirmPasswordSchema,
  email: v.nullish(emailSchema),
  phone: v.nullish(phoneInputSchema),
}
export const continueRegisterBodySchema = withMatchingPasswords(v.object(continueRegisterFields))
export type ContinueRegisterBody = v.InferOutput<typeof continueRegisterBodySchema>

/** POST /onboarding/continue_register/create_company/{id}: continue-register plus A/B, referral and utm data. */
export const continueRegisterCreateCompanyBodySchema = withMatchingPasswords(
  v.object({
    ...continueRegisterFields,
    ...attributionFields,
  }),
)
export type ContinueRegisterCreateCompanyBody = v.InferOutput<typeof continueRegisterCreateCompanyBodySchema>

const inviteIdsSchema = v.optional(
  v.pipe(
    v.array(idSchema(/*i18n*/ 'Unknown invite')),
    v.minLength(1, /*i18n*/ 'Choose an invite'),
    v.maxLength(100),
  ),
)

/** POST /onboarding/continue_register/accept_invites/{id}: without invite_ids every pending invite is accepted. */
export const continueRegisterAcceptInvitesBodySchema = withMatchingPasswords(
  v.object({
    ...continueRegisterFields,
    invite_ids: inviteIdsSchema,
  }),
)
export type ContinueRegisterAcceptInvitesBody = v.InferOutput<typeof continueRegisterAcceptInvitesBodySchema>

/** POST /onboarding/create_company/{id} (signed in): A/B, referral and utm data. */
export const createCompanyBodySchema = v.object({ ...attributionFields })
export type CreateCompanyBody = v.InferOutput<typeof createCompanyBodySchema>

/** POST /onboarding/join/{id} (signed in): no body, or the invites to accept (all pending ones by default). */
export const joinBodySchema = v.object({ invite_ids: inviteIdsSchema })
export type JoinBody = v.InferOutput<typeof joinBodySchema>

/**
 * The reply of every finishing call. `token_pair` signs the new user in (null when they were signed in
 * already); `company` is the created company (null after joining); `joined_company_ids` the companies joined.
 */
export const onboardingCompletionSchema = v.object({
  token_pair: v.nullable(tokenPairSchema),
  user: v.object({ id: v.number(), name: v.string() }),
  company: v.nullable(v.object({ id: v.number() })),
  joined_company_ids: v.array(v.number()),
  onboarding_progress: v.object({ id: v.number(), is_completed: v.boolean() }),
  /** Individual practitioners see the welcome screen before the home page. */
  is_individual: v.boolean(),
})
export type OnboardingCompletion = v.InferOutput<typeof onboardingCompletionSchema>

// ---------------------------------------------------------------------------------------------------------
// Status object (SPEC.md section 3), answered by GET /onboarding/progress/{id} and by every step call
// ---------------------------------------------------------------------------------------------------------

export const onboardingProgressSchema = v.object({
  id: v.number(),
  is_completed: v.boolean(),
  /** 0..4 map to first..fifth; null before any step after the first is known. */
  last_completed_step: v.nullable(v.number()),
  /** Masked: the middle of the local part is hidden. */
  email: v.nullable(v.string()),
  company_title: v.nullable(v.string()),
  promo_code: v.nullable(v.string()),
  position: v.nullable(v.number()),
  place_count_id: v.nullable(v.number()),
  staff_count_id: v.nullable(v.number()),
  is_provide_services_by_myself: v.nullable(v.boolean()),
  referral_source_id: v.nullable(v.number()),
  purposes: v.array(v.number()),
  country_id: v.nullable(v.number()),
  city_id: v.nullable(v.number()),
  business_type_id: v.nullable(v.number()),
  /** Masked: the middle digits are hidden. */
  phone: v.nullable(v.string()),
  /** Beyond SPEC.md: what the client needs to restore a step after a reload. */
  version: onboardingVersionSchema,
  name: v.nullable(v.string()),
  business_group_id: v.nullable(v.number()),
  custom_purpose: v.nullable(v.string()),
  /**
   * Beyond SPEC.md: the fifth step's goals (the short list) and its custom purpose, kept apart from the fourth
   * step's `purposes` and `custom_purpose` so that neither answer is lost.
   */
  fifth_step_purposes: v.optional(v.array(v.number()), []),
  fifth_step_custom_purpose: v.optional(v.nullable(v.string()), null),
})
export type OnboardingProgress = v.InferOutput<typeof onboardingProgressSchema>

export const onboardingStatusSchema = v.object({
  status: userStateSchema,
  onboarding_progress: onboardingProgressSchema,
  confirmation_code_send_channel: v.nullable(confirmationChannelSchema),
  user: v.nullable(v.object({ id: v.number(), name: v.string() })),
  company: v.nullable(v.object({ id: v.number() })),
  /** Seconds until another code may be asked for (0: now). */
  time_to_call: v.number(),
  need_recaptcha: v.boolean(),
  /** Beyond SPEC.md: the confirmation channel machine's inputs, and whether create_or_join applies. */
  call_count: v.number(),
  available_channels: v.array(confirmationChannelSchema),
  attempts_left: v.number(),
  has_pending_invites: v.boolean(),
})
export type OnboardingStatus = v.InferOutput<typeof onboardingStatusSchema>

/** The {id} of every /onboarding/.../{id} route. */
export const progressIdParamsSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, /*i18n*/ 'id must be a positive integer'), v.transform(Number)),
})

// ---------------------------------------------------------------------------------------------------------
// Phone check and invites
// ---------------------------------------------------------------------------------------------------------

/** POST /onboarding/check_phone */
export const checkPhoneBodySchema = v.object({ phone: phoneInputSchema })
export type CheckPhoneBody = v.InferOutput<typeof checkPhoneBodySchema>

/** Says whether a phone is a real number and of which country; never whether an account uses it. */
export const checkPhoneReplySchema = v.object({
  is_valid: v.boolean(),
  /** E.164 with '+', or null when the digits are no number at all. */
  phone: v.nullable(v.string()),
  country_id: v.nullable(v.number()),
  /** ISO 3166-1 alpha-2. */
  country_code: v.nullable(v.string()),
  masked_phone: v.nullable(v.string()),
})
export type CheckPhoneReply = v.InferOutput<typeof checkPhoneReplySchema>

/** GET /onboarding/invites: only contacts the caller has proven (confirmed on the progress, or their own). */
export const invitesQuerySchema = v.object({
  phone: v.optional(phoneInputSchema),
  email: v.optional(emailSchema),
})
export type InvitesQuery = v.InferOutput<typeof invitesQuerySchema>

export const pendingInviteSchema = v.object({
  id: v.number(),
  company: v.object({ id: v.number(), title: v.string() }),
  role: v.string(),
  position_id: v.nullable(v.number()),
  inviter_name: v.string(),
  expires_at: v.string(),
})
export type PendingInvite = v.InferOutput<typeof pendingInviteSchema>
export const pendingInvitesSchema = v.array(pendingInviteSchema)

// ---------------------------------------------------------------------------------------------------------
// Questionnaire references (GET /onboarding/references)
// ---------------------------------------------------------------------------------------------------------

const titledItemSchema = v.object({ id: v.number(), slug: v.string(), title: v.string() })
export type TitledItem = v.InferOutput<typeof titledItemSchema>

/** Titles are in the request's language (?lang=ru|en, else Accept-Language, else Russian). */
export const onboardingReferencesSchema = v.object({
  positions: v.array(titledItemSchema),
  place_counts: v.array(titledItemSchema),
  staff_counts: v.array(titledItemSchema),
  referral_sources: v.array(titledItemSchema),
  purposes: v.array(titledItemSchema),
  general_purpose_ids: v.array(v.number()),
  short_purpose_ids: v.array(v.number()),
})
export type OnboardingReferences = v.InferOutput<typeof onboardingReferencesSchema>
