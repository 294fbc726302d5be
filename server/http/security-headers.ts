import type { Config } from '../config'
import { recaptchaSiteKeyOf, type RecaptchaModeConfig } from '../recaptcha/recaptcha-mode'

/** Where Google's reCAPTCHA v2 widget loads its scripts from and what it frames (Google's CSP guidance). */
const RECAPTCHA_SCRIPT_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
const RECAPTCHA_FRAME_SOURCES = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
]

/**
 * Headers for every HTML page the server sends. frame-ancestors lets only this site and the configured admin
 * application origins (EMBED_PARENT_ORIGINS, embedded mode) put the app in a frame. Google's reCAPTCHA origins
 * are allowed only when the widget is configured, so that a site without it trusts no third-party script.
 */
export function htmlSecurityHeaders(
  config: Pick<Config, 'EMBED_PARENT_ORIGINS'> & Partial<RecaptchaModeConfig>,
): Record<string, string> {
  const frameAncestors = ["'self'", ...config.EMBED_PARENT_ORIGINS].join(' ')
  const withRecaptcha = recaptchaSiteKeyOf(config) !== null
  const scriptSources = ["'self'", ...(withRecaptcha ? RECAPTCHA_SCRIPT_SOURCES : [])].join(' ')
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': [
      "default-src 'self'",
      `script-src ${scriptSources}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      ...(withRecaptcha ? [`frame-src 'self' ${RECAPTCHA_FRAME_SOURCES.join(' ')}`] : []),
      `frame-ancestors ${frameAncestors}`,
    ].join('; '),
  }
}
