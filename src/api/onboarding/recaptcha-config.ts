import { queryOptions, useQuery } from '@tanstack/react-query'
import { recaptchaConfigSchema } from '../../../contract/onboarding/recaptcha-config'
import { apiRequest } from '../client'

export function fetchRecaptchaConfig() {
  return apiRequest('/onboarding/recaptcha_config', { schema: recaptchaConfigSchema, auth: false })
}

/** The configuration changes only with a deploy, so one answer serves the whole visit. */
export const recaptchaConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['onboarding', 'recaptcha-config'],
    queryFn: fetchRecaptchaConfig,
    staleTime: Infinity,
  })

export const useRecaptchaConfig = () => useQuery(recaptchaConfigQueryOptions())
