import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import type { FieldErrors } from '../../contract/envelope'
import { DATABASE_UNAVAILABLE_RETRY_SEC } from '../constants'
import { requestLanguage } from '../i18n/request-language'
import { translate, type MessageValues } from '../i18n/server-messages'
import { errorForLog, isBadValueError, isDatabaseUnavailable } from './database-errors'
import { failure } from './envelope'
import { HttpError } from './http-error'
import { VALIDATION_FAILED_MESSAGE } from './validate'

const GENERIC_MESSAGE = /*i18n*/ 'Something went wrong on our side. Please try again.'

/** What a request hears while the database is away: nothing is wrong with it, and it may be sent again. */
const UNAVAILABLE_MESSAGE = /*i18n*/ 'The service is briefly unavailable. Please try again in a moment.'

/** The field message of a value the database refused although the schema let it through. */
const BAD_VALUE_MESSAGE = /*i18n*/ 'A value of the request is outside what can be stored'

/**
 * A failure's body in the language of the request (server/i18n/request-language.ts): its message and every field
 * message translated, the code untouched. When a field message changed, `meta.error_keys` keeps the English ones,
 * the keys of the catalogs, for clients that word field problems themselves (the app does: src/ui/field-error-text.ts).
 */
export function localizedFailure(
  request: FastifyRequest,
  message: string,
  options: {
    fieldErrors?: FieldErrors | undefined
    code?: number | undefined
    details?: Record<string, unknown> | undefined
    messageValues?: MessageValues | undefined
  } = {},
) {
  const language = requestLanguage(request)
  const body = failure(translate(language, message, options.messageValues), {
    ...(options.code !== undefined ? { code: options.code } : {}),
    ...(options.details ? { details: options.details } : {}),
  })
  const keys = options.fieldErrors
  if (!keys) return body
  const errors: FieldErrors = Object.fromEntries(
    Object.entries(keys).map(([field, messages]) => [
      field,
      messages.map((text) => translate(language, text)),
    ]),
  )
  const translated = Object.entries(errors).some(([field, messages]) =>
    messages.some((text, index) => text !== keys[field]![index]),
  )
  return { ...body, meta: { ...body.meta, errors, ...(translated ? { error_keys: keys } : {}) } }
}

/**
 * Turns every error into the envelope. Our own HttpErrors carry their status; errors Fastify raises itself
 * (body too large, unsupported media type, ...) keep their 4xx status; a value the database refused (SQLSTATE
 * class 22, an update that sets nothing) is the request's fault and answers 422, logged as a warning so that
 * the schema that let it through gets fixed; a database that is away answers 503 with Retry-After; anything else is a bug and answers 500 with a generic message,
 * its details going only to the log. Logs never carry the query's values (errorForLog).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSec !== undefined) {
        void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSec))))
      }
      return reply.status(error.statusCode).send(
        localizedFailure(request, error.message, {
          fieldErrors: error.fieldErrors,
          code: error.code,
          details: error.details,
          messageValues: error.messageValues,
        }),
      )
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status >= 400 && status < 500) {
      return reply.status(status).send(localizedFailure(request, error.message))
    }
    if (isBadValueError(error)) {
      request.log.warn({ err: errorForLog(error) }, 'value refused by the database')
      return reply
        .status(422)
        .send(
          localizedFailure(request, VALIDATION_FAILED_MESSAGE, { fieldErrors: { _: [BAD_VALUE_MESSAGE] } }),
        )
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: errorForLog(error) }, 'database unavailable')
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_SEC))
        .send(localizedFailure(request, UNAVAILABLE_MESSAGE))
    }
    request.log.error({ err: errorForLog(error) }, 'unhandled error')
    return reply.status(500).send(localizedFailure(request, GENERIC_MESSAGE))
  })
}

/** Unknown API routes answer 404 in the envelope, like every other API failure. */
export function notFoundBody(method: string, url: string) {
  return failure(`There is no API route ${method} ${url.split('?')[0]}`)
}
