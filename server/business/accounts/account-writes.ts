import { and, count, eq, sql } from 'drizzle-orm'
import type * as v from 'valibot'
import type {
  Account,
  accountCreateSchema,
  AccountInUse,
  accountUpdateSchema,
} from '../../../contract/accounts/schemas'
import { ErrorCode } from '../../../contract/error-codes'
import type { Database } from '../../db/database'
import { accounts, accountTransactions } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import type { RecordChange } from '../change-log/request-audit'
import { isUniqueViolation } from '../positions/unique-violation'

const columns = { id: accounts.id, title: accounts.title, type: accounts.type, comment: accounts.comment }

const duplicateTitle = () =>
  new HttpError(422, VALIDATION_FAILED_MESSAGE, {
    fieldErrors: { title: [/*i18n*/ 'an account with this title already exists'] },
  })

const notFound = () => new HttpError(404, /*i18n*/ 'Account not found')

/**
 * Which accounts a member may touch: all of the company's, or only those of their limited list (the rights
 * object's restricted_account_ids). An account outside the list is answered as missing, as the list hides it.
 */
export type AccountScope = number[] | null

const inScope = (scope: AccountScope, id: number) => scope === null || scope.includes(id)

/**
 * A new account. A member limited to a list of accounts cannot create one: it would not be on their list, so
 * they could never see it again. Titles are unique per company regardless of case; the unique index decides,
 * so two people creating "Cash" at once get one account and one 422.
 */
export async function createAccount(
  db: Database,
  companyId: number,
  scope: AccountScope,
  input: v.InferOutput<typeof accountCreateSchema>,
  record: RecordChange,
): Promise<Account> {
  if (scope !== null) {
    throw new HttpError(403, /*i18n*/ 'Your access is limited to some accounts: you cannot create new ones')
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(accounts)
      .values({ companyId, title: input.title, type: input.type, comment: input.comment })
      .onConflictDoNothing()
      .returning(columns)
    if (!row) throw duplicateTitle()
    await record(tx, { entity: 'account', entityId: row.id, operation: 'created', changes: input })
    return { ...row, balance: 0 }
  })
}

/** Renames an account, changes its type (cash desk or bank account) or its comment. */
export async function updateAccount(
  db: Database,
  companyId: number,
  scope: AccountScope,
  id: number,
  input: v.InferOutput<typeof accountUpdateSchema>,
  record: RecordChange,
): Promise<Account> {
  if (!inScope(scope, id)) throw notFound()
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(accounts)
        .set(input)
        .where(and(eq(accounts.id, id), eq(accounts.companyId, companyId)))
        .returning(columns)
      if (!row) throw notFound()
      await record(tx, { entity: 'account', entityId: id, operation: 'updated', changes: input })
      return row
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateTitle()
    throw error
  }
}

/**
 * Deletes an account that has never held money. While it holds transactions the reply is 409 with code 3002
 * and their count and sum in errors.used_by: the transactions are the company's books, and an account with a
 * balance of zero still has its history. The account row is locked first, so a transaction written meanwhile
 * (its foreign key waits for the lock) is either counted or refused because the account is gone.
 */
export async function deleteAccount(
  db: Database,
  companyId: number,
  scope: AccountScope,
  id: number,
  record: RecordChange,
): Promise<void> {
  if (!inScope(scope, id)) throw notFound()
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: accounts.id, title: accounts.title })
      .from(accounts)
      .where(and(eq(accounts.id, id), eq(accounts.companyId, companyId)))
      .for('update')
    if (!locked) throw notFound()
    const [held] = await tx
      .select({
        transactions: count(),
        balance: sql<string>`coalesce(sum(${accountTransactions.amount}), 0)`,
      })
      .from(accountTransactions)
      .where(and(eq(accountTransactions.accountId, id), eq(accountTransactions.companyId, companyId)))
    const usedBy: AccountInUse = {
      transactions: held?.transactions ?? 0,
      balance: Number(held?.balance ?? 0),
    }
    if (usedBy.transactions > 0) {
      throw new HttpError(409, /*i18n*/ 'The account holds transactions', {
        code: ErrorCode.accountInUse,
        details: { used_by: usedBy },
      })
    }
    await tx.delete(accounts).where(and(eq(accounts.id, id), eq(accounts.companyId, companyId)))
    await record(tx, {
      entity: 'account',
      entityId: id,
      operation: 'deleted',
      changes: { title: locked.title },
    })
  })
}
