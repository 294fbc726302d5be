import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type * as v from 'valibot'

/**
 * What is wrong with a field, whoever found it: the client's own check (valibot issues) or the server
 * (meta.errors). The screen shows the client's sentence for the kind, never the validator's or the server's
 * wording, which is English and written for developers ("Invalid key: Expected "name" but received undefined").
 */
export type ProblemKind =
  'required' | 'invalid' | 'tooShort' | 'tooLong' | 'mismatch' | 'taken' | 'common' | 'notInvited'

/** Field name -> its problem, one per field, so that every field's sentence can show at once. */
export type FieldProblems = Record<string, ProblemKind>

/**
 * The kind of a server or validator message. The server's texts come from the shared schemas and its own
 * checks; what they say about the kind is stable even where the wording changes a little.
 */
export function problemKindOf(message: string): ProblemKind {
  const text = message.toLowerCase()
  const asksForValue =
    /received (undefined|null|"")/.test(text) ||
    /^(enter|choose|repeat|describe|say whether|confirm that|missing|fill in)\b/.test(text)
  if (asksForValue) {
    // "Enter an e-mail like name@example.com" and "Enter a valid phone ..." say the value is malformed.
    if (/like |such as |valid |international|from the list|6-digit|\bdigits\b/.test(text)) return 'invalid'
    return 'required'
  }
  if (/invitation was sent to/.test(text)) return 'notInvited'
  if (/do not match|does not match|differ/.test(text)) return 'mismatch'
  if (/belongs to another|already (taken|used|registered|exists)|is taken/.test(text)) return 'taken'
  if (/too common/.test(text)) return 'common'
  if (/at least \d+ character|too short/.test(text)) return 'tooShort'
  if (/at most \d+|too long/.test(text)) return 'tooLong'
  return 'invalid'
}

/**
 * The problems of a server reply's meta.errors, one kind per field (the first message decides). The server writes
 * them in the page's language; its English keys (meta.error_keys, sent when they differ) are what the kind is read
 * from.
 */
export function problemsOfFieldErrors(
  fieldErrors: Record<string, readonly string[]> | null | undefined,
  keys?: Record<string, readonly string[]> | null,
): FieldProblems {
  const problems: FieldProblems = {}
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    const first = keys?.[field]?.[0] ?? messages[0]
    if (first !== undefined) problems[field] = problemKindOf(first)
  }
  return problems
}

const issueKind = (issue: v.BaseIssue<unknown>): ProblemKind => {
  if (issue.input === undefined || issue.input === null || issue.input === '') return 'required'
  if (issue.type === 'min_length') return issue.input === '' ? 'required' : 'tooShort'
  if (issue.type === 'max_length') return 'tooLong'
  return problemKindOf(issue.message)
}

/** The problems of a client-side valibot check, per top-level field; every field is reported, not the first. */
export function problemsOfIssues(issues: readonly v.BaseIssue<unknown>[]): FieldProblems {
  const problems: FieldProblems = {}
  for (const issue of issues) {
    const key = issue.path?.[0]?.key
    const field = typeof key === 'string' ? key : '_'
    problems[field] ??= issueKind(issue)
  }
  return problems
}

/** The sentences of the fields the screens know, by kind; a missing kind falls back to `invalid`, then to the generic one. */
const sentences: Record<string, Partial<Record<ProblemKind, MessageDescriptor>>> = {
  name: { required: msg`Enter your name.`, tooLong: msg`The name is too long: use at most 100 characters.` },
  email: {
    required: msg`Enter your e-mail.`,
    invalid: msg`Enter an e-mail such as name@example.com.`,
    taken: msg`This e-mail belongs to another account. Sign in, or use another e-mail.`,
    notInvited: msg`Use the e-mail the invitation was sent to.`,
  },
  phone: {
    required: msg`Enter your phone number.`,
    invalid: msg`Enter a valid phone number with its country code.`,
    taken: msg`This phone number belongs to another account. Sign in, or use another number.`,
    notInvited: msg`Use the phone number the invitation was sent to.`,
  },
  password: {
    required: msg`Enter a password.`,
    tooShort: msg`Use at least 8 characters for the password.`,
    tooLong: msg`Use at most 128 characters for the password.`,
    common: msg`This password is too common. Choose another one.`,
    invalid: msg`Choose another password: at least 8 characters.`,
  },
  confirm_password: {
    required: msg`Repeat the password.`,
    mismatch: msg`The passwords do not match.`,
    invalid: msg`The passwords do not match.`,
  },
  company_title: {
    required: msg`Enter the company name.`,
    tooLong: msg`The company name is too long: use at most 150 characters.`,
  },
  place_count: { required: msg`Choose how many places you have.` },
  position: { required: msg`Choose your position.` },
  city_id: { required: msg`Choose a city from the list.` },
  country_id: { required: msg`Choose a country.`, invalid: msg`Choose a country from the list.` },
  referral_source: { required: msg`Choose how you heard of us.` },
  promo_code: {
    invalid: msg`A promo code holds letters, digits and punctuation only.`,
    tooLong: msg`The promo code is too long.`,
  },
  business_group_id: { required: msg`Choose your line of business.` },
  business_type_id: { required: msg`Choose your type of business.` },
  staff_count: { required: msg`Choose how many people work with you.` },
  purposes: { required: msg`Choose at least one goal.` },
  custom_purpose: {
    required: msg`Describe your goal.`,
    tooLong: msg`Describe your goal in at most 255 characters.`,
  },
  google_recaptcha_v2_token: { required: msg`Confirm that you are not a robot.` },
  code: { required: msg`Enter the code.`, invalid: msg`The code has 6 digits.` },
  contact: {
    required: msg`Enter your e-mail or phone.`,
    invalid: msg`Enter an e-mail such as name@example.com or a phone number with its country code.`,
  },
  user_contact_info: {
    required: msg`Enter your e-mail or phone.`,
    invalid: msg`Enter an e-mail such as name@example.com or a phone number with its country code.`,
  },
  login: { required: msg`Enter your e-mail or phone.` },
  oferta: {
    required: msg`Accept the terms of service and the privacy policy to continue.`,
  },
  confidential: {
    required: msg`Accept the terms of service and the privacy policy to continue.`,
  },
  role: { required: msg`Choose a role.` },
  channel: { invalid: msg`This way of sending the code is not available for your registration.` },
}

/** The sentence for a field's problem in the user's language. */
export function fieldErrorText(field: string, kind: ProblemKind): string {
  const known = sentences[field]
  const descriptor = known?.[kind] ?? known?.invalid ?? known?.required
  if (descriptor) return i18n._(descriptor)
  switch (kind) {
    case 'required':
      return i18n._(msg`Fill in this field.`)
    case 'tooLong':
      return i18n._(msg`This is too long.`)
    case 'tooShort':
      return i18n._(msg`This is too short.`)
    default:
      return i18n._(msg`Check this field.`)
  }
}

/** Each field's sentence, for a whole form's problems. */
export function fieldErrorTexts(problems: FieldProblems): Record<string, string> {
  return Object.fromEntries(
    Object.entries(problems).map(([field, kind]) => [field, fieldErrorText(field, kind)]),
  )
}

/** The sentences of a server reply's meta.errors: the client's own words, one per field. */
export function serverFieldErrorTexts(
  fieldErrors: Record<string, readonly string[]> | null | undefined,
  keys?: Record<string, readonly string[]> | null,
): Record<string, string> {
  return fieldErrorTexts(problemsOfFieldErrors(fieldErrors, keys))
}
