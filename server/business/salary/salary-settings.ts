import { and, eq } from 'drizzle-orm'
import type { SalarySettings, SalarySettingsBody } from '../../../contract/salary/schemas'
import type { Database } from '../../db/database'
import { salarySettings, staff } from '../../db/schema'
import { HttpError } from '../../http/http-error'

/** What an employee's payroll follows until someone saves settings: sales count on their date, nothing is split. */
export const defaultSalarySettings: SalarySettingsBody = {
  date_basis: 'sale_date',
  discount_split_mode: 'none',
  cost_split_mode: 'none',
  mode: 'none',
}

/** 404 unless the employee belongs to the company: another company's staff ids are never confirmed. */
async function requireStaffMember(db: Database, companyId: number, staffId: number): Promise<void> {
  const [row] = await db
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.id, staffId), eq(staff.companyId, companyId)))
  if (!row) throw new HttpError(404, 'Employee not found')
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
  if (!row) return { staff_id: staffId, ...defaultSalarySettings, is_customized: false }
  return {
    staff_id: staffId,
    date_basis: row.dateBasis as SalarySettings['date_basis'],
    discount_split_mode: row.discountSplitMode as SalarySettings['discount_split_mode'],
    cost_split_mode: row.costSplitMode as SalarySettings['cost_split_mode'],
    mode: row.mode as SalarySettings['mode'],
    is_customized: true,
  }
}

/** Replaces the employee's payroll settings; one upsert, so concurrent saves leave exactly one row. */
export async function writeSalarySettings(
  db: Database,
  companyId: number,
  staffId: number,
  body: SalarySettingsBody,
): Promise<SalarySettings> {
  await requireStaffMember(db, companyId, staffId)
  const values = {
    dateBasis: body.date_basis,
    discountSplitMode: body.discount_split_mode,
    costSplitMode: body.cost_split_mode,
    mode: body.mode,
    updatedAt: new Date(),
  }
  await db
    .insert(salarySettings)
    .values({ companyId, staffId, ...values })
    .onConflictDoUpdate({ target: [salarySettings.companyId, salarySettings.staffId], set: values })
  return readSalarySettings(db, companyId, staffId)
}
