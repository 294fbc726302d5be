import * as v from 'valibot'
import { dateSchema, idParamSchema, idSchema, requiredTextSchema, textSchema } from '../id-params'
import { EMAIL_PATTERN } from '../onboarding/schemas'
import { atLeastOneField } from '../storable-values'
import { fieldText } from '../field-text'

/*
 * The client base (docs/decisions.md, "The client base"): GET and POST /company/{id}/clients, GET, PUT and
 * DELETE /company/{id}/clients/{clientId}, POST /company/{id}/clients/{clientId}/merge and
 * POST /company/{id}/clients/import.
 */

/** The client list shows this many clients per page. */
export const clientsPageSize = 25

/** The longest name, surname, e-mail and comment a client card keeps. */
export const clientLimits = {
  name: 100,
  surname: 100,
  email: 254,
  phone: 40,
  comment: 2000,
  labels: 50,
  categories: 50,
  text: 1000,
} as const

/** What an import accepts: the CSV text of at most this many characters and data rows. */
export const clientImportLimits = { chars: 512 * 1024, rows: 2000 } as const

/** A label or a client category as a client carries it. */
export const clientTagSchema = v.object({ id: v.number(), title: v.string(), color: v.string() })
export type ClientTag = v.InferOutput<typeof clientTagSchema>

/** A client in the list. `phone` is E.164, or partly hidden (`phone_hidden`) without client_phones_access. */
export const clientListItemSchema = v.object({
  id: v.number(),
  name: v.string(),
  surname: v.string(),
  phone: v.nullable(v.string()),
  phone_hidden: v.boolean(),
  /** Null when the client left none, or when the viewer may not see e-mail addresses. */
  email: v.nullable(v.string()),
  labels: v.array(clientTagSchema),
  categories: v.array(clientTagSchema),
})
export type ClientListItem = v.InferOutput<typeof clientListItemSchema>
export const clientListSchema = v.array(clientListItemSchema)

export const clientListMetaSchema = v.object({ page: v.number(), per_page: v.number(), total: v.number() })

/** The value of a custom field: text and list keys as text, numbers, dates as YYYY-MM-DD, checkboxes. */
export const clientFieldValueSchema = v.union([v.string(), v.number(), v.boolean()])
export type ClientFieldValue = v.InferOutput<typeof clientFieldValueSchema>

/** A client's card: the list facts and the rest of what the card holds. */
export const clientCardSchema = v.object({
  ...clientListItemSchema.entries,
  birth_date: v.nullable(v.string()),
  comment: v.string(),
  /** Values of the client-kind custom fields by field id; empty without the right to read them. */
  custom_fields: v.record(v.string(), clientFieldValueSchema),
  /** Set on a duplicate merged into another client: the id of the client that absorbed it. */
  merged_into_id: v.nullable(v.number()),
  created_at: v.string(),
})
export type ClientCard = v.InferOutput<typeof clientCardSchema>

const pageSchema = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, /*i18n*/ 'must be a page number'),
    v.transform(Number),
    v.minValue(1, /*i18n*/ 'must be at least 1'),
  ),
  '1',
)

/** Query of GET /company/{id}/clients. */
export const clientListQuerySchema = v.object({
  page: pageSchema,
  /** Searches names, surnames, e-mail addresses and phones (digits in any format, a part of a number too). */
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, /*i18n*/ 'is too long')), ''),
  category: v.optional(idParamSchema),
  label: v.optional(idParamSchema),
})
export type ClientListQuery = v.InferOutput<typeof clientListQuerySchema>

export const clientParamsSchema = v.looseObject({ id: idParamSchema, clientId: idParamSchema })

const idListSchema = (max: number) =>
  v.pipe(
    v.array(idSchema, /*i18n*/ 'must be a list of ids'),
    v.maxLength(
      max,
      fieldText(/*i18n*/ 'may hold at most {max, plural, one {# item} other {# items}}', { max }),
    ),
    v.transform((ids) => [...new Set(ids)]),
  )

/** An e-mail, or empty / null for none; the shape of SPEC.md section 5, as everywhere else. */
const emailSchema = v.nullable(
  v.pipe(
    textSchema(clientLimits.email),
    v.check((value) => value === '' || EMAIL_PATTERN.test(value), /*i18n*/ 'must be an e-mail address'),
    v.toLowerCase(),
  ),
)

/** A birth date a person can have: from 1900 to today (today anywhere on Earth, so no time zone refuses it). */
export function isPossibleBirthDate(isoDate: string): boolean {
  const latest = new Date(Date.now() + 14 * 3600_000).toISOString().slice(0, 10)
  return isoDate >= '1900-01-01' && isoDate <= latest
}

const birthDateSchema = v.pipe(
  dateSchema,
  v.check(isPossibleBirthDate, /*i18n*/ 'must be a date from 1900 to today'),
)

/**
 * The editable facts of a client. The phone is read in the company's country unless it starts with +; it is
 * checked on the server (a 422 on `phone` when it is no valid number). Custom field values are keyed by field
 * id; null clears a value.
 */
const clientFields = {
  name: requiredTextSchema(clientLimits.name),
  surname: v.optional(textSchema(clientLimits.surname)),
  phone: v.optional(v.nullable(textSchema(clientLimits.phone))),
  email: v.optional(emailSchema),
  birth_date: v.optional(v.nullable(birthDateSchema)),
  comment: v.optional(textSchema(clientLimits.comment)),
  labels: v.optional(idListSchema(clientLimits.labels)),
  categories: v.optional(idListSchema(clientLimits.categories)),
  custom_fields: v.optional(
    v.record(
      v.pipe(v.string(), v.regex(/^\d{1,9}$/, /*i18n*/ 'must be a field id')),
      v.nullable(clientFieldValueSchema),
    ),
  ),
}

/** Body of POST /company/{id}/clients. */
export const createClientBodySchema = v.object(clientFields)
export type CreateClientBody = v.InferInput<typeof createClientBodySchema>

/** Body of PUT /company/{id}/clients/{clientId}: any of the fields. */
export const updateClientBodySchema = v.pipe(
  v.object({ ...clientFields, name: v.optional(clientFields.name) }),
  atLeastOneField(),
)
export type UpdateClientBody = v.InferInput<typeof updateClientBodySchema>

/** Body of POST /company/{id}/clients/{clientId}/merge: the duplicate that joins the client of the path. */
export const mergeClientBodySchema = v.object({ other_client_id: idSchema })

/** What a merge moved onto the kept client. */
export const mergeReportSchema = v.object({
  client: clientCardSchema,
  merged_client_id: v.number(),
  moved: v.object({ labels: v.number(), categories: v.number(), custom_fields: v.number() }),
})
export type MergeReport = v.InferOutput<typeof mergeReportSchema>

/** Body of POST /company/{id}/clients/import. */
export const clientImportBodySchema = v.object({
  csv: v.pipe(
    v.string(/*i18n*/ 'must be the text of a CSV file'),
    v.maxLength(
      clientImportLimits.chars,
      fieldText(/*i18n*/ 'must be at most {max, plural, one {# character} other {# characters}}', {
        max: clientImportLimits.chars,
      }),
    ),
  ),
  dry_run: v.optional(v.boolean(/*i18n*/ 'must be true or false'), true),
})
export type ClientImportBody = v.InferInput<typeof clientImportBodySchema>

/** Why a row of an import is rejected. */
export const importRejections = [
  'missing_name',
  'bad_phone',
  'bad_email',
  'bad_birth_date',
  'too_long',
  'duplicate_in_file',
  'duplicate_in_base',
] as const
export type ImportRejection = (typeof importRejections)[number]

export const importRowSchema = v.object({
  /** The line of the file, counting the header as line 1. */
  line: v.number(),
  name: v.string(),
  surname: v.string(),
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  /** Null for a row that is (or would be) created. */
  reason: v.nullable(v.picklist(importRejections)),
  /** The earlier line of a duplicate within the file, or the client of the base a duplicate matches. */
  duplicate_of_line: v.optional(v.number()),
  existing_client: v.optional(v.object({ id: v.number(), name: v.string(), surname: v.string() })),
  /** The created client, after a real run. */
  client_id: v.optional(v.number()),
})
export type ImportRow = v.InferOutput<typeof importRowSchema>

export const importReportSchema = v.object({
  dry_run: v.boolean(),
  /** The header columns recognised, by their meaning. */
  columns: v.array(v.string()),
  created: v.number(),
  rejected: v.number(),
  rows: v.array(importRowSchema),
})
export type ImportReport = v.InferOutput<typeof importReportSchema>
