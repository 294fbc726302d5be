import type { Config } from '../config'

/** Checks a reCAPTCHA v2 token; resolves false for a missing, wrong or unverifiable token. */
export interface RecaptchaVerifier {
  verify(token: string | null | undefined, remoteIp: string): Promise<boolean>
}

/** The token the development verifier accepts, so that local runs and tests can pass a reCAPTCHA. */
export const DEV_RECAPTCHA_TOKEN = 'dev-recaptcha-ok'

/**
 * The verifier the configuration asks for: Google's siteverify when RECAPTCHA_SECRET is set; otherwise, outside
 * production, one that accepts DEV_RECAPTCHA_TOKEN; in production without a secret none passes, because
 * letting every token through would switch the protection off silently.
 */
export function createRecaptchaVerifier(
  config: Pick<Config, 'NODE_ENV' | 'RECAPTCHA_SECRET' | 'RECAPTCHA_VERIFY_URL'>,
): RecaptchaVerifier {
  const secret = config.RECAPTCHA_SECRET
  if (secret) return googleVerifier(config.RECAPTCHA_VERIFY_URL, secret)
  if (config.NODE_ENV === 'production') return { verify: async () => false }
  return { verify: async (token) => token === DEV_RECAPTCHA_TOKEN }
}

function googleVerifier(url: string, secret: string): RecaptchaVerifier {
  return {
    async verify(token, remoteIp) {
      if (!token) return false
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
          signal: AbortSignal.timeout(5000),
        })
        if (!response.ok) return false
        const body = (await response.json()) as { success?: unknown }
        return body.success === true
      } catch {
        // Google unreachable: the visitor is asked again rather than let through unchecked.
        return false
      }
    },
  }
}
