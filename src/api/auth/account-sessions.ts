import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { accountSessionsSchema, endedSessionsSchema } from '../../../contract/auth/account-sessions-schemas'
import { apiRequest } from '../client'

/** GET /user/sessions: the signed-in user's sessions (devices), the current one marked. */
export function fetchAccountSessions() {
  return apiRequest('/user/sessions', { schema: accountSessionsSchema })
}
export const accountSessionsQueryOptions = () =>
  queryOptions({ queryKey: ['user', 'sessions'], queryFn: fetchAccountSessions })
export const useAccountSessions = () => useQuery(accountSessionsQueryOptions())

/** DELETE /user/sessions/{id}: signs that device out; answers the sessions left. */
export function endAccountSession(sessionId: string) {
  return apiRequest(`/user/sessions/${encodeURIComponent(sessionId)}`, {
    method: 'DELETE',
    schema: accountSessionsSchema,
  })
}
export function useEndAccountSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: endAccountSession,
    onSuccess: (left) => queryClient.setQueryData(accountSessionsQueryOptions().queryKey, left),
  })
}

/** POST /user/sessions/end_others: signs out every device but this one. */
export function endOtherAccountSessions() {
  return apiRequest('/user/sessions/end_others', { method: 'POST', body: {}, schema: endedSessionsSchema })
}
export function useEndOtherAccountSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: endOtherAccountSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryOptions().queryKey }),
  })
}
