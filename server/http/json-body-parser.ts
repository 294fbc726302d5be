import type { FastifyInstance } from 'fastify'
import { HttpError } from './http-error'

/**
 * JSON bodies go through Fastify's own parser (secure-json-parse), with both prototype-poisoning guards set to
 * refuse: a body that sets `__proto__` or `constructor.prototype` answers 400. Around it: an empty body sent
 * with a JSON content type (some clients do that for POSTs without payload) counts as no body at all, and every
 * refusal is a 400 in the envelope with a message of ours rather than the parser's.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json$/,
    { parseAs: 'string' },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      if (text.trim() === '') return done(null, undefined)
      // PostgreSQL text cannot hold NUL; refusing it here keeps it from failing deep inside a query.
      if (text.includes('\\u0000') || text.includes('\u0000')) {
        return done(
          new HttpError(400, /*i18n*/ 'The request body must not contain NUL characters'),
          undefined,
        )
      }
      parseJson(request, text, (error, parsed) => {
        if (!error) return done(null, parsed)
        // Fastify's parser gives one error for both; JSON that parses without the guard was a poisoning attempt.
        const message = isJson(text)
          ? /*i18n*/ 'The request body must not set __proto__ or constructor.prototype'
          : /*i18n*/ 'The request body is not valid JSON'
        done(new HttpError(400, message), undefined)
      })
    },
  )
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}
