import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type * as v from 'valibot'
import {
  twoFactorSettingBodySchema,
  twoFactorSettingSchema,
  type TwoFactorSetting,
} from '../../../contract/auth/two-factor-schemas'
import { apiRequest } from '../client'

export type TwoFactorSettingBody = v.InferInput<typeof twoFactorSettingBodySchema>

/** GET /user/2fa: the signed-in user's own second factor at sign-in. */
export function fetchTwoFactorSetting(): Promise<TwoFactorSetting> {
  return apiRequest('/user/2fa', { schema: twoFactorSettingSchema })
}
export const twoFactorSettingQueryOptions = () =>
  queryOptions({ queryKey: ['user', '2fa'], queryFn: fetchTwoFactorSetting })
export const useTwoFactorSetting = () => useQuery(twoFactorSettingQueryOptions())

/** PUT /user/2fa: a new choice, confirmed with the current password (422 on `password` when it is wrong). */
export function saveTwoFactorSetting(body: TwoFactorSettingBody): Promise<TwoFactorSetting> {
  return apiRequest('/user/2fa', { method: 'PUT', body, schema: twoFactorSettingSchema })
}
/** Saves the choice; the reply is the new setting, which the page shows at once. */
export function useSaveTwoFactorSetting() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveTwoFactorSetting,
    onSuccess: (setting) => queryClient.setQueryData(twoFactorSettingQueryOptions().queryKey, setting),
  })
}
