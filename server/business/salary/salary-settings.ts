import { and, eq } from 'drizzle-orm'
import type { SalarySettings, SalarySettingsBody, SalarySettingsSave } from '../../../contract/salary/schemas'
import type { Database } from '../../db/database'
import { salarySettings, staff } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import type { RecordChange } from '../change-log/request-audit'

/** What an employee's payroll follows until someone saves settings: sales count on their date, nothing is split. */
export const defaultSalarySettings: SalarySettingsBody = {
  date_basis: 'sale_date',
  discount_split_mode: 'none',
  cost_split_mode: 'none',
  mode: 'none',
}

/**
 * 404 unless the employee belongs to the company: another company's staff ids are never confirmed. With `lock`,
 * the employee's row stays locked to the end of the transaction, so that saves of their settings run in turn.
 */
async function requireStaffMember(
  db: Database,
  companyId: number,
  staffId: number,
  lock = false,
): Promise<void> {
  const query = db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.companyId, companyId)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new HttpError(404, /*i18n*/ 'Employee not found')
}

export async function readSalarySettings(
  db: Database,
  companyId: number,
  staffId: number,
): Promise<SalarySettings> {
  await requireStaffMember(db, companyId, staffId)
  const [row] = await db
    .select()
    .from(salarySettings)
    .where(and(eq(salarySettings.companyId, companyId), eq(salarySettings.staffId, staffId)))
  if (!row) return { staff_id: staffId, ...defaultSalarySettings, is_customized: false, version: 0 }
  return {
    staff_id: staffId,
    date_basis: row.dateBasis as SalarySettings['date_basis'],
    discount_split_mode: row.discountSplitMode as SalarySettings['discount_split_mode'],
    cost_split_mode: row.costSplitMode as SalarySettings['cost_split_mode'],
    mode: row.mode as SalarySettings['mode'],
    is_customized: true,
    version: row.version,
  }
}

/**
 * Replaces the employee's payroll settings. The employee's row is locked first, so concurrent saves run in turn
 * and leave exactly one settings row; a save that names the version it was opened with is refused (409, the
 * current version in the details) when someone saved since, so it never undoes their save unseen.
 */
export async function writeSalarySettings(
  db: Database,
  companyId: number,
  staffId: number,
  body: SalarySettingsSave,
  audit: RecordChange,
): Promise<SalarySettings> {
  await db.transaction(async (tx) => {
    await requireStaffMember(tx, companyId, staffId, true)
    const [current] = await tx
      .select({ version: salarySettings.version })
      .from(salarySettings)
      .where(and(eq(salarySettings.companyId, companyId), eq(salarySettings.staffId, staffId)))
    const currentVersion = current?.version ?? 0
    if (body.expected_version !== undefined && body.expected_version !== currentVersion) {
      throw new HttpError(
        409,
        /*i18n*/ 'The payroll settings were changed by someone else since this copy was opened',
        {
          details: { version: currentVersion },
        },
      )
    }
    const values = {
      dateBasis: body.date_basis,
      discountSplitMode: body.discount_split_mode,
      costSplitMode: body.cost_split_mode,
      mode: body.mode,
      updatedAt: new Date(),
      version: currentVersion + 1,
    }
    await tx
      .insert(salarySettings)
      .values({ companyId, staffId, ...values })
      .onConflictDoUpdate({ target: [salarySettings.companyId, salarySettings.staffId], set: values })
    await audit(tx, {
      entity: 'salary_settings',
      entityId: staffId,
      operation: 'updated',
      changes: {
        date_basis: body.date_basis,
        discount_split_mode: body.discount_split_mode,
        cost_split_mode: body.cost_split_mode,
        mode: body.mode,
      },
    })
  })
  return readSalarySettings(db, companyId, staffId)
}
