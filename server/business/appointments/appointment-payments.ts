import { and, asc, eq, inArray } from 'drizzle-orm'
import type {
  AppointmentPayment,
  AppointmentPaymentInput,
  PaymentOptions,
} from '../../../contract/appointments/schemas'
import { ErrorCode } from '../../../contract/error-codes'
import type { Membership } from '../../access/company-access'
import type { Database } from '../../db/database'
import { accounts, accountTransactions, appointmentPayments, paymentMethods } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import { listAccounts } from '../accounts/company-accounts'
import { isUniqueViolation } from '../positions/unique-violation'
import { refundsOf } from './appointment-refunds'

const invalid = (field: string, message: string) =>
  new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors: { [field]: [message] } })

/**
 * The accounts a member may take payments into: all of the company's, or those of their list
 * (restricted_account_ids). Another company's account, a deleted one and one outside the list get one answer,
 * as on the accounts' own routes, where an account outside the list is answered as missing.
 */
const inScope = (membership: Membership, accountId: number) => {
  const only = membership.rights.restricted_account_ids
  return only === null || only.includes(accountId)
}

/** GET /company/{id}/appointments/payment-options: the member's accounts and the active payment methods. */
export async function paymentOptions(db: Database, membership: Membership): Promise<PaymentOptions> {
  const only = membership.rights.restricted_account_ids
  const open = await listAccounts(db, membership.companyId, { withBalance: false, onlyIds: only })
  const methods = await db
    .select({ slug: paymentMethods.slug, title: paymentMethods.title })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.companyId, membership.companyId), eq(paymentMethods.isActive, true)))
    .orderBy(asc(paymentMethods.weight), asc(paymentMethods.id))
  return {
    accounts: open.map(({ id, title, type }) => ({ id, title, type })),
    payment_methods: methods,
    limited: only !== null,
  }
}

/**
 * Stores the payment of a visit being marked paid, inside the status change's transaction: an income
 * transaction of the account (so its balance holds the money) and the payment row that ties it to the
 * appointment. The account row is share-locked first, so an account deleted meanwhile is either refused here
 * or, if the deletion comes second, finds this transaction and refuses itself (409).
 */
export async function takePayment(
  tx: Database,
  membership: Membership,
  userId: number,
  appointmentId: number,
  payment: AppointmentPaymentInput,
): Promise<void> {
  const { companyId } = membership
  const [account] = inScope(membership, payment.account_id)
    ? await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.id, payment.account_id), eq(accounts.companyId, companyId)))
        .for('key share')
    : []
  if (!account) {
    throw invalid('payment.account_id', /*i18n*/ 'names no account you may take payments into')
  }
  if (payment.payment_method !== undefined) {
    const [method] = await tx
      .select({ id: paymentMethods.id })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.companyId, companyId),
          eq(paymentMethods.slug, payment.payment_method),
          eq(paymentMethods.isActive, true),
        ),
      )
    if (!method) {
      throw invalid('payment.payment_method', /*i18n*/ 'names no payment method of this company')
    }
  }
  const amount = payment.amount.toFixed(2)
  const [transaction] = await tx
    .insert(accountTransactions)
    .values({ companyId, accountId: account.id, amount })
    .returning({ id: accountTransactions.id })
  try {
    await tx.insert(appointmentPayments).values({
      companyId,
      appointmentId,
      accountId: account.id,
      transactionId: transaction!.id,
      amount,
      paymentMethod: payment.payment_method ?? null,
      takenBy: userId,
    })
  } catch (error) {
    // The appointment row lock already makes a second payment wait and then find the visit paid; this is the
    // last word should a payment ever be written by another path.
    if (isUniqueViolation(error)) {
      throw new HttpError(409, /*i18n*/ 'This visit is already paid', {
        code: ErrorCode.appointmentStatusForbidden,
      })
    }
    throw error
  }
}

/**
 * The latest payment of each of some appointments, by appointment id, with its account's and method's titles and
 * its refunds (a payment refunded in full stays the latest until the visit is paid again).
 */
export async function paymentsOf(
  db: Database,
  companyId: number,
  appointmentIds: number[],
): Promise<Map<number, AppointmentPayment>> {
  if (appointmentIds.length === 0) return new Map()
  const rows = await db
    .select({
      id: appointmentPayments.id,
      appointmentId: appointmentPayments.appointmentId,
      amount: appointmentPayments.amount,
      refunded: appointmentPayments.refunded,
      accountId: appointmentPayments.accountId,
      accountTitle: accounts.title,
      paymentMethod: appointmentPayments.paymentMethod,
      paymentMethodTitle: paymentMethods.title,
      takenBy: appointmentPayments.takenBy,
      takenAt: appointmentPayments.takenAt,
    })
    .from(appointmentPayments)
    .innerJoin(accounts, eq(accounts.id, appointmentPayments.accountId))
    .leftJoin(
      paymentMethods,
      and(
        eq(paymentMethods.companyId, appointmentPayments.companyId),
        eq(paymentMethods.slug, appointmentPayments.paymentMethod),
      ),
    )
    .where(
      and(
        eq(appointmentPayments.companyId, companyId),
        inArray(appointmentPayments.appointmentId, appointmentIds),
      ),
    )
    .orderBy(asc(appointmentPayments.id))
  // Ordered by id, the last row of each appointment is its latest payment.
  const latest = new Map(rows.map((row) => [row.appointmentId, row]))
  const refunds = await refundsOf(
    db,
    companyId,
    [...latest.values()].map((row) => row.id),
  )
  return new Map(
    [...latest.values()].map((row) => [
      row.appointmentId,
      {
        amount: Number(row.amount),
        account_id: row.accountId,
        account_title: row.accountTitle,
        payment_method: row.paymentMethod,
        payment_method_title: row.paymentMethod === null ? null : row.paymentMethodTitle,
        taken_by: row.takenBy,
        taken_at: row.takenAt.toISOString(),
        refunded: Number(row.refunded),
        refunds: refunds.get(row.id) ?? [],
      },
    ]),
  )
}
