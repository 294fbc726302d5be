import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { companies, users } from './core'

/**
 * A registration in progress (SPEC.md sections 3 and 4): the contacts, the questionnaire answers and the
 * referral data of one visitor. It lives on the server so that it continues on any device.
 *
 * The id is random (not a sequence), because GET /onboarding/progress/{id} needs no sign-in: sequential ids
 * would let anyone walk through other people's registrations. company_id is the company created at the end.
 */
export const onboardingProgress = pgTable(
  'onboarding_progress',
  {
    id: integer('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    /** The account that owns the progress: the signed-in visitor, or the one created at the end. */
    userId: integer('user_id').references(() => users.id),
    /**
     * Whose registration this is: `phone:<digits>`, `email:<address>` or `user:<id>`. One unfinished progress
     * per key (a partial unique index), so parallel first steps for one phone resume the same progress.
     */
    contactKey: text('contact_key').notNull(),
    /** 3: the older route table, 4: the newer one. */
    version: smallint('version').notNull(),
    /** Digits only, E.164 without '+'. */
    phone: text('phone'),
    /** ISO 3166-1 alpha-2 of the phone. */
    phoneCountry: text('phone_country'),
    /** Lower-case. */
    email: text('email'),
    phoneConfirmedAt: instant('phone_confirmed_at'),
    emailConfirmedAt: instant('email_confirmed_at'),
    /** The channel of the last code sent: sms, call, email or sms_vonage. */
    confirmationChannel: text('confirmation_channel'),
    /** Voice calls made; SMS becomes available at 2. */
    callCount: integer('call_count').notNull().default(0),
    /** 1 to 4 after the second to fifth step (first..fifth = 0..4); null before the second step. */
    lastCompletedStep: smallint('last_completed_step'),
    name: text('name'),
    companyTitle: text('company_title'),
    promoCode: text('promo_code'),
    positionId: smallint('position_id'),
    placeCountId: smallint('place_count_id'),
    staffCountId: smallint('staff_count_id'),
    isProvideServicesByMyself: boolean('is_provide_services_by_myself'),
    referralSourceId: smallint('referral_source_id'),
    /** The goals of the fourth step (the newer table's general list) and of the newer third step. */
    purposes: integer('purposes')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    customPurpose: text('custom_purpose'),
    /** The goals of the fifth step (the short list), kept apart so that neither goal step overwrites the other. */
    fifthStepPurposes: integer('fifth_step_purposes')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    fifthStepCustomPurpose: text('fifth_step_custom_purpose'),
    countryId: integer('country_id'),
    cityId: integer('city_id'),
    businessTypeId: integer('business_type_id'),
    businessGroupId: integer('business_group_id'),
    abGroupPercentage: smallint('ab_group_percentage'),
    refererFull: text('referer_full'),
    entryPage: text('entry_page'),
    refererDomain: text('referer_domain'),
    formCompleteSpeed: integer('form_complete_speed'),
    utm: jsonb('utm').$type<Record<string, string>>(),
    utmUuid: text('utm_uuid'),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    languageId: smallint('language_id'),
    completedAt: instant('completed_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('onboarding_progress_open_contact_unique')
      .on(table.contactKey)
      .where(sql`${table.completedAt} is null`),
    index('onboarding_progress_user_idx').on(table.userId),
  ],
)

/**
 * The devices that work on a progress. Each first step sets a random `onboarding_token` cookie; only its
 * SHA-256 is stored. A token is confirmed when a code was confirmed with it, and only a confirmed token may
 * answer the questionnaire: a visitor who resumes on another device confirms a new code there.
 */
export const onboardingTokens = pgTable(
  'onboarding_tokens',
  {
    id: serial('id').primaryKey(),
    progressId: integer('progress_id')
      .notNull()
      .references(() => onboardingProgress.id),
    tokenHash: text('token_hash').notNull().unique(),
    confirmedAt: instant('confirmed_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [index('onboarding_tokens_progress_idx').on(table.progressId)],
)
