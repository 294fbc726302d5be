import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { AppointmentRefund, AppointmentRefundInput } from '../../../contract/appointments/schemas'
import { ErrorCode } from '../../../contract/error-codes'
import type { Membership } from '../../access/company-access'
import type { Database } from '../../db/database'
import {
  accounts,
  accountTransactions,
  appointmentPayments,
  appointmentRefunds,
  users,
} from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'

/** Money as whole kopecks (cents), so sums and comparisons are exact. */
const cents = (amount: string | number) => Math.round(Number(amount) * 100)
const money = (inCents: number) => (inCents / 100).toFixed(2)

/** True when a write failed on a check constraint (SQLSTATE 23514). */
function isCheckViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === '23514') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

const tooMuch = (refundableCents: number) =>
  new HttpError(409, /*i18n*/ 'Only {refundable} of this payment is left to refund', {
    code: ErrorCode.refundExceedsPayment,
    messageValues: { refundable: money(refundableCents) },
    details: { refundable: refundableCents / 100 },
  })

/** What a refund did: whether the payment is now refunded in full (the visit then leaves paid). */
export interface RefundOutcome {
  refundedInFull: boolean
  amount: number
}

/**
 * Gives back (part of) the visit's open payment, inside the caller's transaction (which holds the appointment row
 * locked): an expense transaction of an account the member may use and the refund row, and the payment's refunded
 * sum grows by the amount. The payment row is locked too, and a check on it (refunded <= amount) is the last word,
 * so refunds racing for one payment never give back more than was paid. Without an amount, all that is left.
 */
export async function refundPayment(
  tx: Database,
  membership: Membership,
  userId: number,
  appointmentId: number,
  input: AppointmentRefundInput,
): Promise<RefundOutcome> {
  const { companyId } = membership
  const [payment] = await tx
    .select({
      id: appointmentPayments.id,
      amount: appointmentPayments.amount,
      refunded: appointmentPayments.refunded,
    })
    .from(appointmentPayments)
    .where(
      and(
        eq(appointmentPayments.companyId, companyId),
        eq(appointmentPayments.appointmentId, appointmentId),
        lt(appointmentPayments.refunded, appointmentPayments.amount),
      ),
    )
    .orderBy(desc(appointmentPayments.id))
    .limit(1)
    .for('update')
  // A paid visit whose payment was zero, or (never expected) one without a payment: nothing to give back.
  if (!payment) throw tooMuch(0)
  const refundable = cents(payment.amount) - cents(payment.refunded)
  const amount = input.amount === undefined ? refundable : cents(input.amount)
  if (amount > refundable) throw tooMuch(refundable)

  const only = membership.rights.restricted_account_ids
  const [account] =
    only === null || only.includes(input.account_id)
      ? await tx
          .select({ id: accounts.id })
          .from(accounts)
          .where(and(eq(accounts.id, input.account_id), eq(accounts.companyId, companyId)))
          .for('key share')
      : []
  if (!account) {
    throw new HttpError(422, VALIDATION_FAILED_MESSAGE, {
      fieldErrors: { account_id: [/*i18n*/ 'names no account you may take payments into'] },
    })
  }

  const reason = input.reason ?? ''
  const [transaction] = await tx
    .insert(accountTransactions)
    .values({ companyId, accountId: account.id, amount: money(-amount), comment: reason })
    .returning({ id: accountTransactions.id })
  await tx.insert(appointmentRefunds).values({
    companyId,
    appointmentId,
    paymentId: payment.id,
    accountId: account.id,
    transactionId: transaction!.id,
    amount: money(amount),
    reason,
    refundedBy: userId,
  })
  try {
    const [updated] = await tx
      .update(appointmentPayments)
      .set({ refunded: sql`${appointmentPayments.refunded} + ${money(amount)}` })
      .where(eq(appointmentPayments.id, payment.id))
      .returning({ amount: appointmentPayments.amount, refunded: appointmentPayments.refunded })
    return { refundedInFull: cents(updated!.refunded) === cents(updated!.amount), amount: amount / 100 }
  } catch (error) {
    if (isCheckViolation(error)) throw tooMuch(refundable)
    throw error
  }
}

/** The refunds of some payments, by payment id, oldest first, with the accounts' titles and who refunded. */
export async function refundsOf(
  db: Database,
  companyId: number,
  paymentIds: number[],
): Promise<Map<number, AppointmentRefund[]>> {
  if (paymentIds.length === 0) return new Map()
  const rows = await db
    .select({
      id: appointmentRefunds.id,
      paymentId: appointmentRefunds.paymentId,
      amount: appointmentRefunds.amount,
      accountId: appointmentRefunds.accountId,
      accountTitle: accounts.title,
      reason: appointmentRefunds.reason,
      refundedBy: appointmentRefunds.refundedBy,
      refundedByName: users.name,
      refundedAt: appointmentRefunds.refundedAt,
    })
    .from(appointmentRefunds)
    .innerJoin(accounts, eq(accounts.id, appointmentRefunds.accountId))
    .leftJoin(users, eq(users.id, appointmentRefunds.refundedBy))
    .where(
      and(eq(appointmentRefunds.companyId, companyId), inArray(appointmentRefunds.paymentId, paymentIds)),
    )
    .orderBy(asc(appointmentRefunds.id))
  const byPayment = new Map<number, AppointmentRefund[]>()
  for (const row of rows) {
    const refund: AppointmentRefund = {
      id: row.id,
      amount: Number(row.amount),
      account_id: row.accountId,
      account_title: row.accountTitle,
      reason: row.reason,
      refunded_by: row.refundedBy,
      refunded_by_name: row.refundedByName,
      refunded_at: row.refundedAt.toISOString(),
    }
    const list = byPayment.get(row.paymentId)
    if (list) list.push(refund)
    else byPayment.set(row.paymentId, [refund])
  }
  return byPayment
}
