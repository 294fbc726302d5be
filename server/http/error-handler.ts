import type { FastifyError, FastifyInstance } from 'fastify'
import { DATABASE_UNAVAILABLE_RETRY_SEC } from '../constants'
import { errorForLog, isBadValueError, isDatabaseUnavailable } from './database-errors'
import { failure } from './envelope'
import { HttpError } from './http-error'
import { VALIDATION_FAILED_MESSAGE } from './validate'

const GENERIC_MESSAGE = 'Something went wrong on our side. Please try again.'

/** What a request hears while the database is away: nothing is wrong with it, and it may be sent again. */
const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.'

/** The field message of a value the database refused although the schema let it through. */
const BAD_VALUE_MESSAGE = 'A value of the request is outside what can be stored'

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
        failure(error.message, {
          ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
          ...(error.code !== undefined ? { code: error.code } : {}),
          ...(error.details ? { details: error.details } : {}),
        }),
      )
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status >= 400 && status < 500) {
      return reply.status(status).send(failure(error.message))
    }
    if (isBadValueError(error)) {
      request.log.warn({ err: errorForLog(error) }, 'value refused by the database')
      return reply
        .status(422)
        .send(failure(VALIDATION_FAILED_MESSAGE, { fieldErrors: { _: [BAD_VALUE_MESSAGE] } }))
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: errorForLog(error) }, 'database unavailable')
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_UNAVAILABLE_RETRY_SEC))
        .send(failure(UNAVAILABLE_MESSAGE))
    }
    request.log.error({ err: errorForLog(error) }, 'unhandled error')
    return reply.status(500).send(failure(GENERIC_MESSAGE))
  })
}

/** Unknown API routes answer 404 in the envelope, like every other API failure. */
export function notFoundBody(method: string, url: string) {
  return failure(`There is no API route ${method} ${url.split('?')[0]}`)
}
