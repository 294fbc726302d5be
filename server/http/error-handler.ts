import type { FastifyError, FastifyInstance } from 'fastify'
import { failure } from './envelope'
import { HttpError } from './http-error'

const GENERIC_MESSAGE = 'Something went wrong on our side. Please try again.'

/**
 * Turns every error into the envelope. Our own HttpErrors carry their status; errors Fastify raises itself
 * (body too large, unsupported media type, ...) keep their 4xx status; anything else is a bug and answers 500
 * with a generic message, its details going only to the log.
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
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send(failure(GENERIC_MESSAGE))
  })
}

/** Unknown API routes answer 404 in the envelope, like every other API failure. */
export function notFoundBody(method: string, url: string) {
  return failure(`There is no API route ${method} ${url.split('?')[0]}`)
}
