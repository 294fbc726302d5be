import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import {
  LIST_TYPE,
  optionsMessages,
  optionsProblem,
  type CustomFieldCreate,
  type CustomFieldKind,
  type CustomFieldSort,
  type CustomFieldUpdate,
} from '../../../contract/custom-fields/schemas'
import type { Database } from '../../db/database'
import { appointmentFieldValues, clientFieldValues, customFields } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { recordChange } from '../change-log/record-change'
import { isUniqueViolation } from '../positions/unique-violation'
import { listCustomFields, type CustomFieldRow } from './company-custom-fields'
import { codeFromTitle, keyedOptions, uniqueCode } from './field-code'
import { fieldText } from '../../../contract/field-text'

const invalid = (field: string, message: string) =>
  new HttpError(422, /*i18n*/ 'Validation failed', { fieldErrors: { [field]: [message] } })

const codeTaken = () => invalid('code', /*i18n*/ 'is already used by another field of this kind')

const fieldOf = (companyId: number, id: number) =>
  and(eq(customFields.id, id), eq(customFields.companyId, companyId))

const ofKind = (companyId: number, kind: CustomFieldKind) =>
  and(eq(customFields.companyId, companyId), eq(customFields.parentEntityType, kind))

/** A field of the company, or 404: a field of another company is never confirmed to exist. */
export async function findCustomField(db: Database, companyId: number, id: number): Promise<CustomFieldRow> {
  const [row] = await db.select().from(customFields).where(fieldOf(companyId, id))
  if (!row) throw new HttpError(404, /*i18n*/ 'Custom field not found')
  return row
}

/** How many times a create made from a title is tried again when another create took the same code first. */
const CODE_RACE_RETRIES = 3

/**
 * Creates a field at the end of its kind's list. The code is the one given (422 when the kind already has it)
 * or one made from the title and made unique with a number.
 */
export async function createCustomField(
  db: Database,
  request: FastifyRequest,
  companyId: number,
  input: CustomFieldCreate,
): Promise<CustomFieldRow> {
  const kind = input.parent_entity_type
  const values = keyedOptions(input.values)
  const uiOptions = input.ui_options ?? {
    show_in_record_window: kind === 'record',
    show_in_client_window: kind === 'client',
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const taken = new Set(
          (
            await tx.select({ code: customFields.code }).from(customFields).where(ofKind(companyId, kind))
          ).map((row) => row.code),
        )
        if (input.code !== undefined && taken.has(input.code)) throw codeTaken()
        const code = input.code ?? uniqueCode(codeFromTitle(input.title), taken)
        const [row] = await tx
          .insert(customFields)
          .values({
            companyId,
            parentEntityType: kind,
            typeSlug: input.type,
            code,
            title: input.title,
            values,
            showInRecordWindow: uiOptions.show_in_record_window,
            showInClientWindow: uiOptions.show_in_client_window,
            weight: sql`(select coalesce(max(${customFields.weight}), 0) + 1 from ${customFields} where ${ofKind(companyId, kind)})`,
          })
          .returning()
        await recordChange(tx, request, {
          entity: 'custom_field',
          entityId: row!.id,
          operation: 'created',
          changes: {
            parent_entity_type: kind,
            code,
            type: input.type,
            title: input.title,
            values: Object.fromEntries(values),
            ui_options: uiOptions,
          },
        })
        return row!
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      // Two fields made at once from the same title: the later one takes the next number.
      if (input.code === undefined && attempt < CODE_RACE_RETRIES) continue
      throw codeTaken()
    }
  }
}

/**
 * Changes what the input sets; the kind and the code stay. Options belong to lists only: a field that stops
 * being a list loses them, and a list must keep at least one.
 */
export async function updateCustomField(
  db: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
  input: CustomFieldUpdate,
): Promise<CustomFieldRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(customFields).where(fieldOf(companyId, id)).for('update')
    if (!current) throw new HttpError(404, /*i18n*/ 'Custom field not found')
    const type = input.type ?? current.typeSlug
    const values =
      input.values !== undefined ? keyedOptions(input.values) : type === LIST_TYPE ? current.values : []
    const problem = optionsProblem(type, values)
    if (problem) throw invalid('values', optionsMessages[problem])
    await refuseOrphanedValues(tx, current, type, values)
    const [row] = await tx
      .update(customFields)
      .set({
        typeSlug: type,
        values,
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.ui_options?.show_in_record_window === undefined
          ? {}
          : { showInRecordWindow: input.ui_options.show_in_record_window }),
        ...(input.ui_options?.show_in_client_window === undefined
          ? {}
          : { showInClientWindow: input.ui_options.show_in_client_window }),
      })
      .where(fieldOf(companyId, id))
      .returning()
    await recordChange(tx, request, {
      entity: 'custom_field',
      entityId: id,
      operation: 'updated',
      changes: {
        ...input,
        ...(input.values !== undefined || values.length !== current.values.length
          ? { values: Object.fromEntries(values) }
          : {}),
      },
    })
    return row!
  })
}

/**
 * Refuses a change that would leave values the field no longer accepts, so that no client card or appointment
 * is left holding a value it cannot be saved with: a new type while any card or appointment holds a value of the
 * field, or a list option taken away while one has it chosen.
 */
async function refuseOrphanedValues(
  tx: Database,
  current: CustomFieldRow,
  type: string,
  options: [string, string][],
) {
  const valuesTable = current.parentEntityType === 'client' ? clientFieldValues : appointmentFieldValues
  const held = (extra?: SQL) =>
    tx
      .select({ fieldId: valuesTable.fieldId })
      .from(valuesTable)
      .where(and(eq(valuesTable.fieldId, current.id), extra))
      .limit(1)
  if (type !== current.typeSlug) {
    if ((await held()).length > 0) {
      throw invalid(
        'type',
        /*i18n*/ 'cannot change while a client card or an appointment holds a value of this field',
      )
    }
    return
  }
  const kept = new Set(options.map(([key]) => key))
  const removed = current.values.map(([key]) => key).filter((key) => !kept.has(key))
  if (removed.length > 0 && (await held(inArray(sql`${valuesTable.value} #>> '{}'`, removed))).length > 0) {
    throw invalid('values', /*i18n*/ 'cannot lose an option that a client card or an appointment has chosen')
  }
}

/** Deletes a field for good: the table keeps no values that refer to it (docs/decisions.md). */
export async function deleteCustomField(
  db: Database,
  request: FastifyRequest,
  companyId: number,
  id: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(customFields).where(fieldOf(companyId, id)).returning()
    if (!row) throw new HttpError(404, /*i18n*/ 'Custom field not found')
    await recordChange(tx, request, {
      entity: 'custom_field',
      entityId: id,
      operation: 'deleted',
      changes: { parent_entity_type: row.parentEntityType, code: row.code, title: row.title },
    })
  })
}

/**
 * Orders one kind's fields as listed: weights 1, 2, 3, ... in the listed order, then the fields the list left
 * out (made meanwhile by someone else) in the order they had. Every id must be a field of this company and kind,
 * else nothing changes. The kind's rows are locked first, so sorts at once run one after the other and each
 * leaves a whole order, never a mix of two.
 */
export async function sortCustomFields(
  db: Database,
  request: FastifyRequest,
  companyId: number,
  input: CustomFieldSort,
): Promise<CustomFieldRow[]> {
  const kind = input.parent_entity_type
  await db.transaction(async (tx) => {
    // Locked in id order, which no sort changes, so that two sorts never wait on each other crosswise.
    const locked = await tx
      .select({ id: customFields.id, weight: customFields.weight })
      .from(customFields)
      .where(ofKind(companyId, kind))
      .orderBy(asc(customFields.id))
      .for('update')
    const rows = locked.sort((a, b) => a.weight - b.weight || a.id - b.id)
    const known = new Set(rows.map((row) => row.id))
    if (input.ids.some((id) => !known.has(id))) {
      throw invalid(
        'ids',
        fieldText(
          /*i18n*/ 'must name only {kind, select, record {appointment fields} client {client fields} other {{kind} fields}} of this company',
          { kind },
        ),
      )
    }
    const listed = new Set(input.ids)
    const order = [...input.ids, ...rows.map((row) => row.id).filter((id) => !listed.has(id))]
    const weightOf = new Map(rows.map((row) => [row.id, row.weight]))
    for (const [index, id] of order.entries()) {
      const weight = index + 1
      if (weightOf.get(id) === weight) continue
      await tx.update(customFields).set({ weight }).where(fieldOf(companyId, id))
      await recordChange(tx, request, {
        entity: 'custom_field',
        entityId: id,
        operation: 'moved',
        changes: { weight },
      })
    }
  })
  return listCustomFields(db, companyId, [kind])
}
