import { queryOptions, useQuery } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { accountsSchema } from '../../../contract/accounts/schemas'

/** GET /accounts/{companyId}/?include=balance: accounts with balances (needs the balance right). */
export function fetchAccountsWithBalance(companyId: number) {
  return apiRequest(`/accounts/${companyId}/`, { query: { include: 'balance' }, schema: accountsSchema })
}

export const accountsQueryOptions = (companyId: number) =>
  queryOptions({
    queryKey: ['accounts', companyId, 'balance'],
    queryFn: () => fetchAccountsWithBalance(companyId),
  })

export const useAccounts = (companyId: number) => useQuery(accountsQueryOptions(companyId))

/** GET /accounts/{companyId}/: the accounts without their balances (for choosing among them). */
export function fetchAccounts(companyId: number) {
  return apiRequest(`/accounts/${companyId}/`, { schema: accountsSchema })
}

export const accountTitlesQueryOptions = (companyId: number) =>
  queryOptions({ queryKey: ['accounts', companyId, 'titles'], queryFn: () => fetchAccounts(companyId) })
