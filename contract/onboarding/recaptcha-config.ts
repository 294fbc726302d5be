import * as v from 'valibot'

/** GET /onboarding/recaptcha_config: Google's widget with this public site key, or the development checkbox. */
export const recaptchaConfigSchema = v.variant('mode', [
  v.object({ mode: v.literal('google'), site_key: v.pipe(v.string(), v.minLength(1)) }),
  v.object({ mode: v.literal('development'), site_key: v.null() }),
])

export type RecaptchaConfig = v.InferOutput<typeof recaptchaConfigSchema>
