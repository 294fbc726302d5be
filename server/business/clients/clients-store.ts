import { and, asc, count, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type * as v from 'valibot'
import type { Rights } from '../../../contract/access/rights-catalogue'
import {
  clientsPageSize,
  type ClientCard,
  type ClientListItem,
  type ClientListQuery,
  type ClientTag,
  type createClientBodySchema,
  type MergeReport,
  type updateClientBodySchema,
} from '../../../contract/clients/schemas'
import type { FieldErrors } from '../../../contract/envelope'
import { ErrorCode } from '../../../contract/error-codes'
import { LabelEntity } from '../../../contract/labels/schemas'
import type { Database } from '../../db/database'
import {
  appointments,
  clientCategories,
  clientCategoryLinks,
  clientFieldValues,
  clientLabels,
  clients,
  companies,
  customFields,
  labels,
} from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import { isoCodeOf } from '../../references/country-ids'
import type { RecordChange } from '../change-log/request-audit'
import { isUniqueViolation } from '../positions/unique-violation'
import { checkFieldValue } from '../custom-fields/field-value-check'
import { hideClientPhone, normaliseClientPhone, phoneSearchDigits } from './client-phone'

type ClientRow = typeof clients.$inferSelect
type CreateBody = v.InferOutput<typeof createClientBodySchema>
type UpdateBody = v.InferOutput<typeof updateClientBodySchema>

/** What of the client base the viewer may see and change, from their rights. */
export interface ClientAccess {
  phones: boolean
  emails: boolean
  categories: boolean
  fieldsRead: boolean
  fieldsEdit: boolean
}

export const clientAccessOf = (rights: Rights): ClientAccess => ({
  phones: rights.client_phones_access,
  emails: rights.client_email_access,
  categories: rights.client_categories_access,
  fieldsRead:
    rights.custom_fields_client_values_read_access || rights.custom_fields_client_values_edit_access,
  fieldsEdit: rights.custom_fields_client_values_edit_access,
})

/** The ISO code of the company's country: the region a phone typed without its calling code is read in. */
export async function companyRegion(db: Database, companyId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ countryId: companies.countryId })
    .from(companies)
    .where(eq(companies.id, companyId))
  return row ? isoCodeOf(row.countryId) : undefined
}

/** `term` as a literal ILIKE pattern: % and _ typed by a user are searched for, not wildcards. */
const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

const live = and(isNull(clients.mergedIntoId), isNull(clients.deletedAt))

function searchCondition(term: string, region: string | undefined, access: ClientAccess): SQL | undefined {
  if (!term) return undefined
  const pattern = containsPattern(term)
  const conditions: (SQL | undefined)[] = [
    ilike(clients.name, pattern),
    ilike(clients.surname, pattern),
    sql`(${clients.name} || ' ' || ${clients.surname}) ilike ${pattern}`,
    sql`(${clients.surname} || ' ' || ${clients.name}) ilike ${pattern}`,
  ]
  if (access.emails) conditions.push(ilike(clients.email, pattern))
  if (access.phones) {
    for (const digits of phoneSearchDigits(term, region)) {
      conditions.push(sql`${clients.phone} like ${`%${digits}%`}`)
    }
  }
  return or(...conditions)
}

async function tagsOf(db: Database, ids: number[]) {
  const labelsBy = new Map<number, ClientTag[]>()
  const categoriesBy = new Map<number, ClientTag[]>()
  if (ids.length === 0) return { labelsBy, categoriesBy }
  const labelRows = await db
    .select({ clientId: clientLabels.clientId, id: labels.id, title: labels.title, color: labels.color })
    .from(clientLabels)
    .innerJoin(labels, eq(labels.id, clientLabels.labelId))
    .where(and(inArray(clientLabels.clientId, ids), eq(labels.deleted, false)))
    .orderBy(asc(labels.id))
  for (const { clientId, ...tag } of labelRows)
    labelsBy.set(clientId, [...(labelsBy.get(clientId) ?? []), tag])
  const categoryRows = await db
    .select({
      clientId: clientCategoryLinks.clientId,
      id: clientCategories.id,
      title: clientCategories.title,
      color: clientCategories.color,
    })
    .from(clientCategoryLinks)
    .innerJoin(clientCategories, eq(clientCategories.id, clientCategoryLinks.categoryId))
    .where(inArray(clientCategoryLinks.clientId, ids))
    .orderBy(asc(sql`lower(${clientCategories.title})`))
  for (const { clientId, ...tag } of categoryRows) {
    categoriesBy.set(clientId, [...(categoriesBy.get(clientId) ?? []), tag])
  }
  return { labelsBy, categoriesBy }
}

function toListItem(
  row: ClientRow,
  access: ClientAccess,
  tags: Awaited<ReturnType<typeof tagsOf>>,
): ClientListItem {
  const hidden = !access.phones && row.phone !== null
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    phone: row.phone === null ? null : hidden ? hideClientPhone(row.phone) : row.phone,
    phone_hidden: hidden,
    email: access.emails ? row.email : null,
    labels: tags.labelsBy.get(row.id) ?? [],
    categories: access.categories ? (tags.categoriesBy.get(row.id) ?? []) : [],
  }
}

/** One page of the company's live clients by name, narrowed by a search term, a category and a label. */
export async function listClients(
  db: Database,
  companyId: number,
  query: ClientListQuery,
  access: ClientAccess,
): Promise<{ clients: ClientListItem[]; total: number }> {
  const region = await companyRegion(db, companyId)
  const where = and(
    eq(clients.companyId, companyId),
    live,
    searchCondition(query.q, region, access),
    query.category === undefined
      ? undefined
      : sql`exists (select 1 from ${clientCategoryLinks} where ${clientCategoryLinks.clientId} = ${clients.id} and ${clientCategoryLinks.categoryId} = ${query.category})`,
    query.label === undefined
      ? undefined
      : sql`exists (select 1 from ${clientLabels} where ${clientLabels.clientId} = ${clients.id} and ${clientLabels.labelId} = ${query.label})`,
  )
  const rows = await db
    .select()
    .from(clients)
    .where(where)
    .orderBy(asc(sql`lower(${clients.name})`), asc(sql`lower(${clients.surname})`), asc(clients.id))
    .limit(clientsPageSize)
    .offset((query.page - 1) * clientsPageSize)
  const [total] = await db.select({ total: count() }).from(clients).where(where)
  const tags = await tagsOf(
    db,
    rows.map((row) => row.id),
  )
  return { clients: rows.map((row) => toListItem(row, access, tags)), total: total?.total ?? 0 }
}

const notFound = () => new HttpError(404, /*i18n*/ 'Client not found')

async function clientRow(db: Database, companyId: number, id: number, lock = false): Promise<ClientRow> {
  const query = db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.companyId, companyId), isNull(clients.deletedAt)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound()
  return row
}

/** A client's card; a merged duplicate answers with `merged_into_id` naming the client that absorbed it. */
export async function clientCard(
  db: Database,
  companyId: number,
  id: number,
  access: ClientAccess,
): Promise<ClientCard> {
  return cardOf(db, await clientRow(db, companyId, id), access)
}

async function cardOf(db: Database, row: ClientRow, access: ClientAccess): Promise<ClientCard> {
  const tags = await tagsOf(db, [row.id])
  const values = access.fieldsRead
    ? await db
        .select({ fieldId: clientFieldValues.fieldId, value: clientFieldValues.value })
        .from(clientFieldValues)
        .where(eq(clientFieldValues.clientId, row.id))
    : []
  return {
    ...toListItem(row, access, tags),
    birth_date: row.birthDate,
    comment: row.comment,
    custom_fields: Object.fromEntries(values.map((value) => [String(value.fieldId), value.value])),
    merged_into_id: row.mergedIntoId,
    created_at: row.createdAt.toISOString(),
  }
}

const invalid = (field: string, message: string) =>
  new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors: { [field]: [message] } })

const forbidden = (message: string) => new HttpError(403, message)

/** The 409 of a phone that another live client of the company has, naming that client. */
async function duplicatePhone(db: Database, companyId: number, phone: string, exceptId?: number) {
  const [existing] = await db
    .select({ id: clients.id, name: clients.name, surname: clients.surname })
    .from(clients)
    .where(and(eq(clients.companyId, companyId), eq(clients.phone, phone), live))
  if (!existing || existing.id === exceptId) return undefined
  const who = `${existing.name} ${existing.surname}`.trim()
  return new HttpError(409, /*i18n*/ '{who} already has this phone number', {
    messageValues: { who },
    code: ErrorCode.duplicateClientPhone,
    details: { existing_client: existing },
  })
}

/**
 * Checks the ids and values a write names against the company's labels, categories and client fields: a missing
 * right first (403), then every field's problem in one 422.
 */
async function checkReferences(
  db: Database,
  companyId: number,
  body: Pick<UpdateBody, 'labels' | 'categories' | 'custom_fields'>,
  access: ClientAccess,
) {
  if (body.categories !== undefined && !access.categories) {
    throw forbidden(/*i18n*/ 'You may not put clients into categories')
  }
  const namesFields = body.custom_fields !== undefined && Object.keys(body.custom_fields).length > 0
  if (namesFields && !access.fieldsEdit) {
    throw forbidden(/*i18n*/ 'You may not change the custom fields of clients')
  }
  const fieldErrors: FieldErrors = {}
  if (body.labels?.length) {
    const found = await db
      .select({ id: labels.id })
      .from(labels)
      .where(
        and(
          eq(labels.companyId, companyId),
          eq(labels.deleted, false),
          inArray(labels.entity, [LabelEntity.client, LabelEntity.common]),
          inArray(labels.id, body.labels),
        ),
      )
    if (found.length !== body.labels.length)
      fieldErrors.labels = [/*i18n*/ 'holds a label this company has not']
  }
  if (body.categories?.length) {
    const found = await db
      .select({ id: clientCategories.id })
      .from(clientCategories)
      .where(and(eq(clientCategories.companyId, companyId), inArray(clientCategories.id, body.categories)))
    if (found.length !== body.categories.length) {
      fieldErrors.categories = [/*i18n*/ 'holds a category this company has not']
    }
  }
  if (namesFields) {
    const fields = await db
      .select()
      .from(customFields)
      .where(and(eq(customFields.companyId, companyId), eq(customFields.parentEntityType, 'client')))
    const byId = new Map(fields.map((field) => [String(field.id), field]))
    for (const [id, value] of Object.entries(body.custom_fields!)) {
      const field = byId.get(id)
      const problem = !field
        ? /*i18n*/ 'is no client field of this company'
        : value === null
          ? undefined
          : checkFieldValue(field, value)
      if (problem) fieldErrors[`custom_fields.${id}`] = [problem]
    }
  }
  if (Object.keys(fieldErrors).length > 0) {
    throw new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors })
  }
}

async function writeLinks(
  tx: Database,
  clientId: number,
  body: Pick<UpdateBody, 'labels' | 'categories' | 'custom_fields'>,
) {
  if (body.labels !== undefined) {
    await tx.delete(clientLabels).where(eq(clientLabels.clientId, clientId))
    if (body.labels.length) {
      await tx.insert(clientLabels).values(body.labels.map((labelId) => ({ clientId, labelId })))
    }
  }
  if (body.categories !== undefined) {
    await tx.delete(clientCategoryLinks).where(eq(clientCategoryLinks.clientId, clientId))
    if (body.categories.length) {
      await tx
        .insert(clientCategoryLinks)
        .values(body.categories.map((categoryId) => ({ clientId, categoryId })))
    }
  }
  for (const [id, value] of Object.entries(body.custom_fields ?? {})) {
    const fieldId = Number(id)
    if (value === null) {
      await tx
        .delete(clientFieldValues)
        .where(and(eq(clientFieldValues.clientId, clientId), eq(clientFieldValues.fieldId, fieldId)))
    } else {
      await tx
        .insert(clientFieldValues)
        .values({ clientId, fieldId, value })
        .onConflictDoUpdate({
          target: [clientFieldValues.clientId, clientFieldValues.fieldId],
          set: { value },
        })
    }
  }
}

/** The phone of a write as stored: null for none, E.164 for a valid one; a 422 on `phone` otherwise. */
function storedPhone(phone: string | null | undefined, region: string | undefined) {
  if (phone === undefined) return undefined
  if (phone === null || phone === '') return null
  const normalised = normaliseClientPhone(phone, region)
  if (!normalised) throw invalid('phone', /*i18n*/ 'must be a valid phone number')
  return normalised
}

const emptyToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null)

/**
 * Creates a client. The partial unique index decides who gets a phone: of any number of simultaneous creates
 * with one phone exactly one inserts, the others get the 409 that names that client.
 */
export async function createClient(
  db: Database,
  companyId: number,
  body: CreateBody,
  access: ClientAccess,
  record: RecordChange,
): Promise<ClientCard> {
  const phone = storedPhone(body.phone, await companyRegion(db, companyId)) ?? null
  await checkReferences(db, companyId, body, access)
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(clients)
      .values({
        companyId,
        name: body.name,
        surname: body.surname ?? '',
        phone,
        email: emptyToNull(body.email) ?? null,
        birthDate: body.birth_date ?? null,
        comment: body.comment ?? '',
      })
      .onConflictDoNothing()
      .returning()
    if (!row) return undefined
    await writeLinks(tx, row.id, body)
    await record(tx, { entity: 'client', entityId: row.id, operation: 'created', changes: body })
    return row
  })
  if (!created) {
    throw (
      (await duplicatePhone(db, companyId, phone!)) ??
      new HttpError(409, /*i18n*/ 'Another client already has this phone number', {
        code: ErrorCode.duplicateClientPhone,
      })
    )
  }
  return cardOf(db, created, access)
}

/** Changes a live client; a phone another live client has is the 409 that names them. */
export async function updateClient(
  db: Database,
  companyId: number,
  id: number,
  body: UpdateBody,
  access: ClientAccess,
  record: RecordChange,
): Promise<ClientCard> {
  if (body.phone !== undefined && !access.phones)
    throw forbidden(/*i18n*/ 'You may not see or change client phones')
  if (body.email !== undefined && !access.emails)
    throw forbidden(/*i18n*/ 'You may not see or change client e-mails')
  const phone = storedPhone(body.phone, await companyRegion(db, companyId))
  await checkReferences(db, companyId, body, access)
  try {
    const updated = await db.transaction(async (tx) => {
      const current = await clientRow(tx, companyId, id, true)
      if (current.mergedIntoId !== null)
        throw new HttpError(409, /*i18n*/ 'This client was merged into another one')
      const [row] = await tx
        .update(clients)
        .set({
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.surname === undefined ? {} : { surname: body.surname }),
          ...(phone === undefined ? {} : { phone }),
          ...(body.email === undefined ? {} : { email: emptyToNull(body.email) }),
          ...(body.birth_date === undefined ? {} : { birthDate: body.birth_date }),
          ...(body.comment === undefined ? {} : { comment: body.comment }),
          updatedAt: new Date(),
        })
        .where(eq(clients.id, id))
        .returning()
      await writeLinks(tx, id, body)
      await record(tx, { entity: 'client', entityId: id, operation: 'updated', changes: body })
      return row!
    })
    return await cardOf(db, updated, access)
  } catch (error) {
    if (phone && isUniqueViolation(error)) {
      const duplicate = await duplicatePhone(db, companyId, phone, id)
      if (duplicate) throw duplicate
    }
    throw error
  }
}

/** Deletes a client softly: it leaves the base and its phone is free, its row stays for the history. */
export async function deleteClient(
  db: Database,
  companyId: number,
  id: number,
  record: RecordChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(clients)
      .set({ deletedAt: new Date() })
      .where(and(eq(clients.id, id), eq(clients.companyId, companyId), isNull(clients.deletedAt)))
      .returning({ name: clients.name, surname: clients.surname })
    if (!row) throw notFound()
    await record(tx, { entity: 'client', entityId: id, operation: 'deleted', changes: row })
  })
}

/**
 * Merges the duplicate `otherId` into `keepId` in one transaction. Both rows are locked in id order, so two
 * merges of the same pair at once (either way round) end with one merge and one 409. Labels and categories
 * are united on the kept client, custom field values it lacks are taken over, and empty contacts (phone,
 * e-mail, birth date, surname) are filled from the duplicate; comments are joined. The duplicate stays as a row
 * with merged_into_id, and clients merged into it earlier now point at the kept client; the duplicate's appointments,
 * past and future, move to the kept client.
 */
export async function mergeClients(
  db: Database,
  companyId: number,
  keepId: number,
  otherId: number,
  access: ClientAccess,
  record: RecordChange,
): Promise<MergeReport> {
  if (keepId === otherId) throw invalid('other_client_id', /*i18n*/ 'must be another client')
  const result = await db.transaction(async (tx) => {
    const [first, second] = keepId < otherId ? [keepId, otherId] : [otherId, keepId]
    const a = await clientRow(tx, companyId, first, true)
    const b = await clientRow(tx, companyId, second, true)
    const keep = a.id === keepId ? a : b
    const other = a.id === keepId ? b : a
    if (keep.mergedIntoId !== null || other.mergedIntoId !== null) {
      throw new HttpError(409, /*i18n*/ 'One of these clients was already merged into another one')
    }
    const movedLabels = await tx.execute(sql`
      insert into ${clientLabels} (client_id, label_id)
      select ${keepId}, label_id from ${clientLabels} where client_id = ${otherId}
      on conflict do nothing`)
    const movedCategories = await tx.execute(sql`
      insert into ${clientCategoryLinks} (client_id, category_id)
      select ${keepId}, category_id from ${clientCategoryLinks} where client_id = ${otherId}
      on conflict do nothing`)
    const movedValues = await tx.execute(sql`
      insert into ${clientFieldValues} (client_id, field_id, value)
      select ${keepId}, field_id, value from ${clientFieldValues} where client_id = ${otherId}
      on conflict do nothing`)
    await tx
      .update(appointments)
      .set({ clientId: keepId, updatedAt: new Date() })
      .where(and(eq(appointments.companyId, companyId), eq(appointments.clientId, otherId)))
    await tx.delete(clientLabels).where(eq(clientLabels.clientId, otherId))
    await tx.delete(clientCategoryLinks).where(eq(clientCategoryLinks.clientId, otherId))
    await tx.delete(clientFieldValues).where(eq(clientFieldValues.clientId, otherId))
    await tx
      .update(clients)
      .set({ mergedIntoId: keepId, updatedAt: new Date() })
      .where(or(eq(clients.id, otherId), eq(clients.mergedIntoId, otherId)))
    const comment = [keep.comment, other.comment].filter(Boolean).join('\n')
    const [kept] = await tx
      .update(clients)
      .set({
        phone: keep.phone ?? other.phone,
        email: keep.email ?? other.email,
        birthDate: keep.birthDate ?? other.birthDate,
        surname: keep.surname || other.surname,
        comment: comment.slice(0, 2000),
        updatedAt: new Date(),
      })
      .where(eq(clients.id, keepId))
      .returning()
    const moved = {
      labels: affected(movedLabels),
      categories: affected(movedCategories),
      custom_fields: affected(movedValues),
    }
    await record(tx, {
      entity: 'client',
      entityId: keepId,
      operation: 'merged',
      changes: { merged_client_id: otherId, moved },
    })
    return { kept: kept!, moved }
  })
  return { client: await cardOf(db, result.kept, access), merged_client_id: otherId, moved: result.moved }
}

/** Rows an INSERT ... SELECT wrote, as node-postgres (rowCount) and PGlite (affectedRows) report it. */
function affected(result: unknown): number {
  const value = result as { rowCount?: number | null; affectedRows?: number }
  return value.rowCount ?? value.affectedRows ?? 0
}
