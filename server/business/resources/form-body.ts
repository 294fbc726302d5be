import type { FastifyInstance } from 'fastify'

/**
 * Reads an application/x-www-form-urlencoded body into an object. A key repeated, or written with [] (as
 * `service_id[]=1&service_id[]=2`), becomes a list under the bare name; any other key keeps its last value.
 */
export function parseFormBody(text: string): Record<string, string | string[]> {
  const body: Record<string, string | string[]> = {}
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const isList = rawKey.endsWith('[]')
    const key = isList ? rawKey.slice(0, -2) : rawKey
    const current = body[key]
    if (isList || current !== undefined) {
      body[key] = [...(current === undefined ? [] : Array.isArray(current) ? current : [current]), value]
    } else {
      body[key] = value
    }
  }
  return body
}

/** Lets the routes of one plugin take form bodies (the encapsulated parser does not leak to other routes). */
export function registerFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      done(null, parseFormBody(text))
    },
  )
}
