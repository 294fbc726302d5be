import fastifyCookie from '@fastify/cookie'
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify'
import { apiRoutes } from './api-routes'
import { AuthCache } from './auth/auth-cache'
import { listenForAuthChanges } from './auth/auth-cache-listener'
import { serveUploads } from './business/images/serve-uploads'
import type { Config } from './config'
import type { Database } from './db/database'
import { backgroundSendsSettled } from './delivery/background-send'
import { createDelivery } from './delivery/create-delivery'
import type { Delivery } from './delivery/message'
import { registerSlashCollapsing } from './http/collapse-slashes'
import { failure } from './http/envelope'
import { notFoundBody, registerErrorHandler } from './http/error-handler'
import './access/company-access'
import './http/fastify-augmentation'
import { embedDemoRoutes } from './embedding/embed-demo-routes'
import { trackConnections } from './http/connection-drain'
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id'
import { registerJsonBodyParser } from './http/json-body-parser'
import { isFilePath, registerAppServing } from './http/serve-app'
import { pageLanguageOf } from './http/app-page'
import { bookingPageFirstPaint } from './online-booking/booking-page-first-paint'
import { signInFirstPaint } from './auth/sign-in-first-paint'
import { onboardingNoticeFirstPaint } from './onboarding/notice-first-paint'
import { workspacePageReplies } from './http/page-replies'
import { appWordsReader } from './i18n/app-words'
import { registerReplyCompression } from './http/compress-replies'
import { frameBookingPage } from './online-booking/booking-page-framing'
import { registerSecurityHeaders } from './http/security-headers'
import { registerOpenApi } from './openapi/openapi-routes'
import { startReminderJob } from './online-booking/reminder-job'
import { CLIENT_DIST_DIR } from './runtime-files'

export interface BuildAppOptions {
  config: Config
  db: Database
  /** Fastify's logger option; tests pass false. */
  logger?: FastifyServerOptions['logger']
  /** Where the built client lives; defaults to dist/ at the project root. */
  distDir?: string
  /** How messages leave the server; by default as configured (server/delivery/create-delivery.ts). */
  delivery?: Delivery
}

/** Every API route answers under both prefixes: clients of both API versions call the same routes. */
export const API_PREFIXES = ['/api/v1', '/api/v2'] as const

/**
 * Builds the HTTP application without listening, so tests can drive it with inject() and main.ts can listen.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, db } = options
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    // A line per request drowns what matters at the default level; LOG_LEVEL=debug brings them back.
    logController: new LogController({
      disableRequestLogging: !['debug', 'trace'].includes(config.LOG_LEVEL),
    }),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Refused, not stripped, by the JSON parser (server/http/json-body-parser.ts).
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Requests that reach a closing server are still answered: the connection drain ends their connections.
    return503OnClosing: false,
    // Every log line of a request carries its id (`reqId`): the client's own X-Request-Id when it sends a sane
    // one (a load balancer's, or the app's to match a report), a new one otherwise. The reply echoes it.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // An address that cannot be decoded (a lone surrogate's %ED%A0%80) is refused in the envelope, like any 400.
    frameworkErrors: (error, _request, reply) => {
      const refusal = failure(error.code === 'FST_ERR_BAD_URL' ? 'The address is not valid' : 'Bad request')
      void (reply as FastifyReply).status(400).send(refusal)
    },
  })
  // Hooks of every request are synchronous callbacks: an async hook costs a promise and a microtask per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id)
    done()
  })
  app.decorate('db', db)
  app.decorate('config', config)
  app.decorate('routeAccessTable', [])
  app.decorate('lifecycle', { draining: false })
  const authCache = new AuthCache(config.AUTH_CACHE_TTL_MS)
  app.decorate('authCache', authCache)
  const stopListening = await listenForAuthChanges(db, authCache, app.log)
  app.addHook('onClose', stopListening)
  if (options.delivery) {
    app.decorate('delivery', options.delivery)
  } else {
    const delivery = createDelivery(config, db)
    app.decorate('delivery', delivery)
    app.addHook('onClose', async () => {
      await backgroundSendsSettled(delivery)
      delivery.close()
    })
  }
  // Messages sent after their reply (reset codes, security notices) still leave before the process ends.
  if (options.delivery) app.addHook('onClose', async () => backgroundSendsSettled(app.delivery))
  // Reminders to clients of online bookings. onClose hooks run last-registered first: the job stops (its run
  // under way finished) before the delivery above closes.
  if (config.REMINDER_INTERVAL_MS > 0) {
    const reminders = startReminderJob(
      { db, config, delivery: app.delivery, log: app.log.child({ job: 'reminders' }) },
      config.REMINDER_INTERVAL_MS,
    )
    app.addHook('onClose', () => reminders.stop())
  }
  app.decorateRequest('auth', null)
  app.decorateRequest('membership', null)

  trackConnections(app.server)
  registerSlashCollapsing(app)
  registerJsonBodyParser(app)
  registerErrorHandler(app)
  await app.register(fastifyCookie)
  await registerSecurityHeaders(app, config)
  await registerReplyCompression(app)

  // The document describes the routes registered after it; production serves it only when API_DOCS=true.
  if (config.API_DOCS ?? config.NODE_ENV !== 'production') await registerOpenApi(app)
  for (const prefix of API_PREFIXES) {
    await app.register(apiRoutes, { prefix })
  }
  await app.register(serveUploads)
  // The example parent page of embedded mode (docs/embedding.md); production serves no examples.
  if (config.NODE_ENV !== 'production') await app.register(embedDemoRoutes)

  const distDir = options.distDir ?? CLIENT_DIST_DIR
  const servePage = await registerAppServing(app, distDir, {
    refuseSourceMaps: config.NODE_ENV === 'production',
  })
  const appWordsOf = appWordsReader(distDir)
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    const isApi = path === '/api' || path.startsWith('/api/')
    if (servePage && !isApi && (request.method === 'GET' || request.method === 'HEAD') && !isFilePath(path)) {
      const language = pageLanguageOf(path)
      const bookingPage = await bookingPageFirstPaint(db, path, language)
      await frameBookingPage(db, path, reply, bookingPage?.frameOrigins)
      const words = appWordsOf(language)
      const firstPaint =
        bookingPage ??
        signInFirstPaint(path, words, request.cookies) ??
        onboardingNoticeFirstPaint(path, words, request.cookies) ??
        (await workspacePageReplies(app, request, language, appWordsOf(language, 'workspace')))
      return servePage(request, reply, firstPaint)
    }
    return reply.status(404).send(isApi ? notFoundBody(request.method, request.url) : failure('Not found'))
  })

  return app
}
