import type { FastifyInstance } from 'fastify'
import { HttpError } from './http-error'

/**
 * Replaces Fastify's JSON parser so that broken JSON answers 400 in the envelope, and so that an empty body
 * sent with a JSON content type (some clients do that for POSTs without payload) counts as no body at all.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json$/,
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      if (text.trim() === '') return done(null, undefined)
      // PostgreSQL text cannot hold NUL; refusing it here keeps it from failing deep inside a query.
      if (text.includes('\\u0000') || text.includes('\u0000')) {
        return done(new HttpError(400, 'The request body must not contain NUL characters'), undefined)
      }
      try {
        done(null, JSON.parse(text))
      } catch {
        done(new HttpError(400, 'The request body is not valid JSON'), undefined)
      }
    },
  )
}
