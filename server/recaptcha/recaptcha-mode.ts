import type { Config } from '../config'

/** The reCAPTCHA settings that decide which check the browser shows. */
export type RecaptchaModeConfig = Pick<Config, 'RECAPTCHA_SITE_KEY' | 'RECAPTCHA_SECRET'>

/**
 * The site key the browser should render Google's widget with, or null for the development checkbox. A key
 * counts only together with RECAPTCHA_SECRET: without the secret the server checks tokens with the development
 * verifier, which refuses every token Google's widget produces. In production loadConfig demands both or neither.
 */
export function recaptchaSiteKeyOf(config: Partial<RecaptchaModeConfig>): string | null {
  return config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET ? config.RECAPTCHA_SITE_KEY : null
}
