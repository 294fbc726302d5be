import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '../client'
import { fastLoginUsersSchema, type FastLoginUser } from '../../../contract/auth/account-switching-schemas'

/** GET /auth/fast_login_users: the accounts remembered on this device. */
export function fetchFastLoginUsers(): Promise<FastLoginUser[]> {
  return apiRequest('/auth/fast_login_users', { schema: fastLoginUsersSchema, auth: false })
}

export const fastLoginUsersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'fast-login-users'], queryFn: fetchFastLoginUsers })

/** DELETE /auth/fast_login_user: forgets one; answers the remaining list. */
export function forgetFastLoginUser(token: string): Promise<FastLoginUser[]> {
  return apiRequest('/auth/fast_login_user', {
    method: 'DELETE',
    body: { token },
    schema: fastLoginUsersSchema,
    auth: false,
  })
}
