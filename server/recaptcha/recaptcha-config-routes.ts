import type { FastifyInstance } from 'fastify'
import type { RecaptchaConfig } from '../../contract/onboarding/recaptcha-config'
import { success } from '../http/envelope'
import { recaptchaSiteKeyOf } from './recaptcha-mode'

/** GET /onboarding/recaptcha_config: which reCAPTCHA check the first onboarding step shows (docs/api.md). */
export async function recaptchaConfigRoutes(app: FastifyInstance): Promise<void> {
  const siteKey = recaptchaSiteKeyOf(app.config)
  const answer: RecaptchaConfig = siteKey
    ? { mode: 'google', site_key: siteKey }
    : { mode: 'development', site_key: null }
  app.get('/onboarding/recaptcha_config', async (_request, reply) => {
    // The answer changes only with a restart; a short cache spares a request on every first step.
    reply.header('cache-control', 'public, max-age=300')
    return success(answer)
  })
}
