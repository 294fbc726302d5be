import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'
import {
  accountSchema,
  accountsSchema,
  type AccountCreate,
  type AccountUpdate,
} from '../../../contract/accounts/schemas'

/**
 * GET /accounts/{companyId}/, with include=balance when `withBalance` (which needs the balance right): the
 * accounts the user may see, each with its balance when asked.
 */
export function fetchAccounts(companyId: number, withBalance = true) {
  return apiRequest(`/accounts/${companyId}/`, {
    ...(withBalance ? { query: { include: 'balance' } } : {}),
    schema: accountsSchema,
  })
}

export const accountsQueryOptions = (companyId: number, withBalance = true) =>
  queryOptions({
    queryKey: ['accounts', companyId, withBalance ? 'balance' : 'plain'],
    queryFn: () => fetchAccounts(companyId, withBalance),
  })

export const useAccounts = (companyId: number, withBalance = true) =>
  useQuery(accountsQueryOptions(companyId, withBalance))

/** POST /accounts/{companyId}/ {title, type, comment?}: a new cash desk or bank account. */
export function createAccount(companyId: number, body: AccountCreate) {
  return apiRequest(`/accounts/${companyId}/`, { method: 'POST', body, schema: accountSchema })
}
/** PUT /accounts/{companyId}/{accountId}: rename, change the type or the comment. */
export function updateAccount(companyId: number, accountId: number, body: AccountUpdate) {
  return apiRequest(`/accounts/${companyId}/${accountId}`, { method: 'PUT', body, schema: accountSchema })
}
/**
 * DELETE /accounts/{companyId}/{accountId}: refused (409, code 3002, count and sum in errors.used_by) while the
 * account holds transactions.
 */
export function deleteAccount(companyId: number, accountId: number) {
  return apiRequest(`/accounts/${companyId}/${accountId}`, { method: 'DELETE', schema: v.null() })
}

function useAccountsInvalidation(companyId: number) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ['accounts', companyId] })
}
export function useCreateAccount(companyId: number) {
  const onSuccess = useAccountsInvalidation(companyId)
  return useMutation({ mutationFn: (body: AccountCreate) => createAccount(companyId, body), onSuccess })
}
export function useUpdateAccount(companyId: number) {
  const onSuccess = useAccountsInvalidation(companyId)
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AccountUpdate }) => updateAccount(companyId, id, body),
    onSuccess,
  })
}
export function useDeleteAccount(companyId: number) {
  const onSuccess = useAccountsInvalidation(companyId)
  return useMutation({ mutationFn: (id: number) => deleteAccount(companyId, id), onSuccess })
}

/** The accounts without their balances (for choosing among them, as the rights editor's account list does). */
export const accountTitlesQueryOptions = (companyId: number) => accountsQueryOptions(companyId, false)
