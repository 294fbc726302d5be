import { and, eq } from 'drizzle-orm'
import type { StaffFire } from '../../../contract/staff/schemas'
import type { Database } from '../../db/database'
import { companyUsers, staff } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { loadEmployee } from './employee-view'
import type { StaffRow } from './staff-scope'

/**
 * Removes the employee's linked user from the company (user_delete) and unlinks the account. The owner can
 * never be removed this way: a company without its owner would have nobody left with every right.
 */
async function removeLinkedUser(db: Database, row: StaffRow): Promise<void> {
  if (row.userId === null) return
  const [member] = await db
    .select({ role: companyUsers.userRole })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, row.companyId), eq(companyUsers.userId, row.userId)))
  if (member?.role === 'owner') {
    throw new HttpError(422, /*i18n*/ 'Validation failed', {
      fieldErrors: { user_delete: [/*i18n*/ 'The owner cannot be removed from the company'] },
    })
  }
  await db
    .delete(companyUsers)
    .where(and(eq(companyUsers.companyId, row.companyId), eq(companyUsers.userId, row.userId)))
  await db.update(staff).set({ userId: null }).where(eq(staff.id, row.id))
}

/** Fires the employee as of a date, for a reason; firing again only corrects the date and reason. */
export async function fireStaff(db: Database, row: StaffRow, input: StaffFire) {
  await db.transaction(async (tx) => {
    if (input.user_delete) await removeLinkedUser(tx, row)
    await tx
      .update(staff)
      .set({ fired: 1, dateDismissal: input.date_dismissal, dismissalReason: input.dismissal_reason })
      .where(eq(staff.id, row.id))
  })
  return loadEmployee(db, row.companyId, row.id)
}

/** Brings a fired or deleted employee back to work; the dismissal date and reason are cleared. */
export async function restoreStaff(db: Database, row: StaffRow) {
  await db
    .update(staff)
    .set({ fired: 0, deleted: 0, dateDismissal: null, dismissalReason: '' })
    .where(eq(staff.id, row.id))
  return loadEmployee(db, row.companyId, row.id)
}

/** Deletes the employee softly, so that past records still name them; it also leaves online booking. */
export async function deleteStaff(db: Database, row: StaffRow, userDelete: boolean) {
  await db.transaction(async (tx) => {
    if (userDelete) await removeLinkedUser(tx, row)
    await tx.update(staff).set({ deleted: 1 }).where(eq(staff.id, row.id))
  })
  return loadEmployee(db, row.companyId, row.id)
}
