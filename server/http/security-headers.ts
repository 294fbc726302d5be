import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from '../config'
import { recaptchaSiteKeyOf, type RecaptchaModeConfig } from '../recaptcha/recaptcha-mode'

/** Where Google's reCAPTCHA v2 widget loads its scripts from and what it frames (Google's CSP guidance). */
const RECAPTCHA_SCRIPT_SOURCES = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/']
const RECAPTCHA_FRAME_SOURCES = [
  'https://www.google.com/recaptcha/',
  'https://recaptcha.google.com/recaptcha/',
]
/** One year, the value HSTS preload lists ask for. */
const HSTS_MAX_AGE_SEC = 365 * 24 * 60 * 60

type SecurityHeadersConfig = Pick<Config, 'EMBED_PARENT_ORIGINS' | 'PUBLIC_ORIGIN'> &
  Partial<RecaptchaModeConfig>

/**
 * The headers Helmet writes with `options`, read once from a throwaway app: the plugin builds its middleware
 * anew on every request (parsing the policy's directives each time), which cost every reply more than the
 * route itself. Helmet's own headers are those a bare reply does not have.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify()
    if (withHelmet) await probe.register(helmet, options)
    probe.get('/', () => 'probe')
    const reply = await probe.inject({ url: '/' })
    await probe.close()
    return reply.headers
  }
  const bare = await answer(false)
  const secured = await answer(true)
  return Object.fromEntries(
    Object.entries(secured)
      .filter(([name, value]) => !(name in bare) && typeof value === 'string')
      .map(([name, value]) => [name, value as string]),
  )
}

/**
 * The headers of every reply, pages and API alike, as Helmet writes them:
 * - a content security policy that trusts only this origin, plus Google's reCAPTCHA origins when the widget is
 *   configured, so that a site without it trusts no third-party script;
 * - frame-ancestors instead of X-Frame-Options: only this site and the admin application origins of embedded
 *   mode (EMBED_PARENT_ORIGINS, exact origins) may put the app in a frame;
 * - nosniff, a strict referrer policy, and HSTS when the public origin is https.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: SecurityHeadersConfig,
): Promise<void> {
  const withRecaptcha = recaptchaSiteKeyOf(config) !== null
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(withRecaptcha ? RECAPTCHA_SCRIPT_SOURCES : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: shows a picture chosen on this device before it is sent (the staff photo's crop).
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        ...(withRecaptcha ? { frameSrc: ["'self'", ...RECAPTCHA_FRAME_SOURCES] } : {}),
        frameAncestors: ["'self'", ...config.EMBED_PARENT_ORIGINS],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    // frame-ancestors above decides who may frame the app; X-Frame-Options cannot name the admin origins.
    frameguard: false,
    // Sign-in with Facebook opens a pop-up that must be able to report back to its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.PUBLIC_ORIGIN.startsWith('https://')
      ? { maxAge: HSTS_MAX_AGE_SEC, includeSubDomains: true }
      : false,
  })
  const entries = Object.entries(headers)
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.header(name, value)
    done()
  })
}
