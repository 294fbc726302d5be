import type { Config } from '../config'

/**
 * Headers for every HTML page the server sends. frame-ancestors lets only this site and the configured admin
 * application origins (EMBED_PARENT_ORIGINS, embedded mode) put the app in a frame.
 */
export function htmlSecurityHeaders(config: Pick<Config, 'EMBED_PARENT_ORIGINS'>): Record<string, string> {
  const frameAncestors = ["'self'", ...config.EMBED_PARENT_ORIGINS].join(' ')
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; '),
  }
}
