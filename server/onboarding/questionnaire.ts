import { eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import {
  fifthStepBodySchema,
  fourthStepNewerBodySchema,
  fourthStepOlderBodySchema,
  secondStepNewerBodySchema,
  secondStepOlderBodySchema,
  thirdStepBodySchema,
  thirdStepIndividualBodySchema,
  thirdStepNewerBodySchema,
  thirdStepNewerIndividualBodySchema,
  type OnboardingStatus,
} from '../../contract/onboarding/schemas'
import {
  isIndividualPlaceCount,
  needsCustomPurpose,
  NEWER_VERSION,
  positionFor,
  STEP_NAMES,
  staffAnswersFor,
} from '../../contract/onboarding/rules'
import type { Database } from '../db/database'
import { onboardingProgress } from '../db/schema'
import { HttpError } from '../http/http-error'
import { validate } from '../http/validate'
import { isBusinessGroupId, isBusinessTypeId } from '../references/business-groups'
import { cityBelongsTo, cityExists } from '../references/cities'
import { findCountry } from '../references/countries'
import { findProgress, requireProgressAccess, type ProgressRow } from './progress-access'
import { buildProgressStatus } from './progress-status'

/** The questionnaire steps after first, each saved by its own call. */
export type QuestionnaireStep = Exclude<(typeof STEP_NAMES)[number], 'first'>

/** The steps saved by `saveStep`, in order. */
export const QUESTIONNAIRE_STEPS = STEP_NAMES.filter((step): step is QuestionnaireStep => step !== 'first')

/** The last_completed_step a step sets: its place in STEP_NAMES (first..fifth = 0..4). */
const stepIndexOf = (step: QuestionnaireStep) => STEP_NAMES.indexOf(step)

export const EARLIER_STEPS_MESSAGE = /*i18n*/ 'Answer the earlier steps first.'
export const NO_FIFTH_STEP_MESSAGE = /*i18n*/ 'This registration has no fifth step.'

type Changes = Partial<typeof onboardingProgress.$inferInsert>

const fieldError = (field: string, message: string) =>
  new HttpError(422, /*i18n*/ 'Validation failed', { fieldErrors: { [field]: [message] } })

const isIndividual = (progress: ProgressRow) => isIndividualPlaceCount(progress.placeCountId)

/** The custom purpose is kept only while "other" is among the purposes. */
function purposeChanges(purposes: number[] | undefined, customPurpose: string | null | undefined): Changes {
  if (purposes === undefined) return {}
  return {
    purposes,
    customPurpose: needsCustomPurpose(purposes) ? (customPurpose ?? null) : null,
  }
}

/**
 * The fifth step's goals go to columns of their own: the fourth step's goals (and custom purpose) stay as they
 * were, so that both goal steps keep their answers (SPEC.md section 3, newer table).
 */
function fifthStepChanges(purposes: number[], customPurpose: string | null | undefined): Changes {
  return {
    fifthStepPurposes: purposes,
    fifthStepCustomPurpose: needsCustomPurpose(purposes) ? (customPurpose ?? null) : null,
  }
}

/**
 * Reads a step's payload with the schema of the progress's route table and mode (SPEC.md section 3, "Step
 * payloads") and answers the columns it sets. Ids that name reference data are checked against it.
 */
async function readStep(
  db: Database,
  step: QuestionnaireStep,
  progress: ProgressRow,
  body: unknown,
): Promise<Changes> {
  const newer = progress.version === NEWER_VERSION
  switch (step) {
    case 'second': {
      if (newer) {
        const input = validate(secondStepNewerBodySchema, body)
        if (input.city_id != null && !(await cityExists(db, input.city_id)))
          throw fieldError('city_id', /*i18n*/ 'Choose a city from the list')
        const individual = isIndividualPlaceCount(input.place_count)
        return {
          name: input.name,
          placeCountId: input.place_count,
          positionId: positionFor(individual, input.position ?? null),
          cityId: input.city_id ?? null,
          promoCode: input.promo_code || null,
        }
      }
      const input = validate(secondStepOlderBodySchema, body)
      const individual = isIndividualPlaceCount(input.place_count)
      return {
        name: input.name,
        placeCountId: input.place_count,
        companyTitle: individual ? null : (input.company_title ?? null),
        positionId: positionFor(individual, input.position ?? null),
      }
    }
    case 'third': {
      if (isIndividual(progress)) {
        const input = validate(
          newer ? thirdStepNewerIndividualBodySchema : thirdStepIndividualBodySchema,
          body,
        )
        if (!isBusinessGroupId(input.business_group_id)) {
          throw fieldError('business_group_id', /*i18n*/ 'Choose your line of business from the list')
        }
        const extras =
          'version' in input
            ? {
                ...purposeChanges(input.purposes, input.custom_purpose),
                companyTitle: input.company_title ?? null,
              }
            : {}
        const staff = staffAnswersFor(true, { staffCount: input.staff_count, providesServicesThemself: true })
        return {
          businessGroupId: input.business_group_id,
          businessTypeId: null,
          staffCountId: staff.staff_count,
          isProvideServicesByMyself: staff.is_provide_services_by_myself,
          ...extras,
        }
      }
      const input = validate(newer ? thirdStepNewerBodySchema : thirdStepBodySchema, body)
      if (!isBusinessTypeId(input.business_type_id)) {
        throw fieldError('business_type_id', /*i18n*/ 'Choose your type of business from the list')
      }
      const extras =
        'version' in input
          ? { ...purposeChanges(input.purposes, input.custom_purpose), companyTitle: input.company_title }
          : {}
      return {
        businessTypeId: input.business_type_id,
        businessGroupId: null,
        staffCountId: input.staff_count,
        isProvideServicesByMyself: input.is_provide_services_by_myself,
        ...extras,
      }
    }
    case 'fourth': {
      if (newer) {
        const input = validate(fourthStepNewerBodySchema, body)
        return purposeChanges(input.purposes, input.custom_purpose)
      }
      const input = validate(fourthStepOlderBodySchema, body)
      if (!findCountry(input.country_id, 'en'))
        throw fieldError('country_id', /*i18n*/ 'Choose a country from the list')
      if (input.city_id != null && !(await cityBelongsTo(db, input.city_id, input.country_id))) {
        throw fieldError('city_id', /*i18n*/ 'Choose a city of the chosen country')
      }
      return {
        countryId: input.country_id,
        cityId: input.city_id ?? null,
        referralSourceId: input.referral_source,
        promoCode: input.promo_code || null,
      }
    }
    case 'fifth': {
      if (!newer) throw new HttpError(409, NO_FIFTH_STEP_MESSAGE)
      const input = validate(fifthStepBodySchema, body)
      return fifthStepChanges(input.purposes, input.custom_purpose)
    }
  }
}

/**
 * POST /onboarding/{second|third|fourth|fifth}/{id}: saves a step's answers. A step may be answered again
 * (the back button) but not before the steps ahead of it: 409 then. Answers the status object.
 */
export async function saveStep(
  db: Database,
  request: FastifyRequest,
  progressId: number,
  step: QuestionnaireStep,
  body: unknown,
): Promise<OnboardingStatus> {
  const viewer = await requireProgressAccess(db, request, progressId, { confirmed: true })
  const { progress } = viewer
  const stepIndex = stepIndexOf(step)
  if (step === 'fifth' && progress.version !== NEWER_VERSION) throw new HttpError(409, NO_FIFTH_STEP_MESSAGE)
  if ((progress.lastCompletedStep ?? 0) < stepIndex - 1) throw new HttpError(409, EARLIER_STEPS_MESSAGE)
  const changes = await readStep(db, step, progress, body)
  await db
    .update(onboardingProgress)
    .set({
      ...changes,
      // greatest() keeps the furthest step when two tabs save at once.
      lastCompletedStep: sql`greatest(coalesce(${onboardingProgress.lastCompletedStep}, 0), ${stepIndex})`,
      updatedAt: new Date(),
    })
    .where(eq(onboardingProgress.id, progressId))
  const updated = (await findProgress(db, progressId)) ?? progress
  return buildProgressStatus(db, { ...viewer, progress: updated })
}
