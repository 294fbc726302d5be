import type { FastifyInstance } from 'fastify'

/**
 * Redirects GET and HEAD requests whose path holds '//' to the single-slash path (DESIGN.md: the client router
 * does not match an interior '//'). Other methods are left alone: a 301 would turn a POST into a GET.
 * Collapsing also defuses '//evil.example' paths, which browsers would read as another host.
 */
export function registerSlashCollapsing(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    // Most addresses hold no '//' at all: they cost one search.
    if (!request.url.includes('//') || (request.method !== 'GET' && request.method !== 'HEAD')) return done()
    const queryStart = request.url.indexOf('?')
    const path = queryStart === -1 ? request.url : request.url.slice(0, queryStart)
    if (!path.includes('//')) return done()
    const query = queryStart === -1 ? '' : request.url.slice(queryStart)
    // A reply sent from a callback hook ends the request there; done() must not be called as well.
    void reply.redirect(path.replace(/\/{2,}/g, '/') + query, 301)
  })
}
