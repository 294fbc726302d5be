import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Account } from '../../../contract/accounts/schemas'
import type { Database } from '../../db/database'
import { accounts, accountTransactions } from '../../db/schema'

/**
 * The company's accounts, restricted to `onlyIds` when the user's rights limit them to a list of accounts; with
 * `withBalance`, each carries the sum of its stored transactions, computed in the database.
 */
export async function listAccounts(
  db: Database,
  companyId: number,
  options: { withBalance: boolean; onlyIds: number[] | null },
): Promise<Account[]> {
  const where = and(
    eq(accounts.companyId, companyId),
    options.onlyIds ? inArray(accounts.id, options.onlyIds.length > 0 ? options.onlyIds : [0]) : undefined,
  )
  const rows = await db
    .select({ id: accounts.id, title: accounts.title, type: accounts.type, comment: accounts.comment })
    .from(accounts)
    .where(where)
    .orderBy(asc(accounts.id))
  if (!options.withBalance || rows.length === 0) return rows
  const sums = await db
    .select({
      accountId: accountTransactions.accountId,
      balance: sql<string>`coalesce(sum(${accountTransactions.amount}), 0)`,
    })
    .from(accountTransactions)
    .where(
      and(
        eq(accountTransactions.companyId, companyId),
        inArray(
          accountTransactions.accountId,
          rows.map((row) => row.id),
        ),
      ),
    )
    .groupBy(accountTransactions.accountId)
  const balances = new Map(sums.map((sum) => [sum.accountId, Number(sum.balance)]))
  return rows.map((row) => ({ ...row, balance: balances.get(row.id) ?? 0 }))
}
