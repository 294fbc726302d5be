import { and, eq, inArray } from 'drizzle-orm'
import type { Rights } from '../../../contract/access/rights-catalogue'
import type { CustomFieldValueInput } from '../../../contract/custom-fields/schemas'
import type { Database } from '../../db/database'
import { appointmentFieldValues, customFields } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import { checkFieldValue } from '../custom-fields/field-value-check'

/** Values to write keyed by field id; null clears one. */
export type FieldValuesInput = Record<string, CustomFieldValueInput | null>

/** Whether the member may read the record-kind values (edit implies read, SPEC.md section 5). */
export const mayReadRecordFields = (rights: Rights) =>
  rights.custom_fields_record_values_read_access || rights.custom_fields_record_values_edit_access

/**
 * Checks values an appointment write names: the member needs the record-kind edit flag (403), every id must be a
 * record-kind field of this company and every value fit its field's type (422 on `custom_fields.{id}`, the
 * first wrong one). Nothing named, nothing checked.
 */
export async function checkRecordFieldValues(
  db: Database,
  companyId: number,
  rights: Rights,
  values: FieldValuesInput | undefined,
): Promise<void> {
  if (values === undefined || Object.keys(values).length === 0) return
  if (!rights.custom_fields_record_values_edit_access) {
    throw new HttpError(403, /*i18n*/ 'You may not change the custom fields of appointments')
  }
  const fields = await db
    .select()
    .from(customFields)
    .where(and(eq(customFields.companyId, companyId), eq(customFields.parentEntityType, 'record')))
  const byId = new Map(fields.map((field) => [String(field.id), field]))
  for (const [id, value] of Object.entries(values)) {
    const field = byId.get(id)
    const problem = !field
      ? /*i18n*/ 'is no appointment field of this company'
      : value === null
        ? undefined
        : checkFieldValue(field, value)
    if (problem) {
      throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
        fieldErrors: { [`custom_fields.${id}`]: [problem] },
      })
    }
  }
}

/** Writes checked values of one appointment: sets each one named, clears each null. */
export async function writeRecordFieldValues(
  tx: Database,
  appointmentId: number,
  values: FieldValuesInput | undefined,
): Promise<void> {
  for (const [id, value] of Object.entries(values ?? {})) {
    const fieldId = Number(id)
    if (value === null) {
      await tx
        .delete(appointmentFieldValues)
        .where(
          and(
            eq(appointmentFieldValues.appointmentId, appointmentId),
            eq(appointmentFieldValues.fieldId, fieldId),
          ),
        )
    } else {
      await tx
        .insert(appointmentFieldValues)
        .values({ appointmentId, fieldId, value })
        .onConflictDoUpdate({
          target: [appointmentFieldValues.appointmentId, appointmentFieldValues.fieldId],
          set: { value },
        })
    }
  }
}

/** The values of the appointments by appointment id, each as field id → value. */
export async function recordFieldValuesOf(
  db: Database,
  appointmentIds: number[],
): Promise<Map<number, Record<string, CustomFieldValueInput>>> {
  const byAppointment = new Map<number, Record<string, CustomFieldValueInput>>()
  if (appointmentIds.length === 0) return byAppointment
  const rows = await db
    .select()
    .from(appointmentFieldValues)
    .where(inArray(appointmentFieldValues.appointmentId, appointmentIds))
  for (const row of rows) {
    const values = byAppointment.get(row.appointmentId) ?? {}
    values[String(row.fieldId)] = row.value
    byAppointment.set(row.appointmentId, values)
  }
  return byAppointment
}
