import { queryOptions, useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { apiRequest } from '../client'

/** GET /onboarding/recaptcha_config: Google's widget with this public site key, or the development checkbox. */
export const recaptchaConfigSchema = v.variant('mode', [
  v.object({ mode: v.literal('google'), site_key: v.pipe(v.string(), v.minLength(1)) }),
  v.object({ mode: v.literal('development'), site_key: v.null() }),
])

export type RecaptchaConfig = v.InferOutput<typeof recaptchaConfigSchema>

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
