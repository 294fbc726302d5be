import type { FastifyRequest } from 'fastify'
import type { ReferenceLanguage } from '../../contract/references/schemas'

/**
 * The language reference titles are given in: ?lang=ru|en wins, then the first of ru/en in Accept-Language,
 * then Russian, the product's default (SPEC.md section 9).
 */
export function requestLanguage(request: FastifyRequest, explicit?: ReferenceLanguage): ReferenceLanguage {
  if (explicit) return explicit
  const header = request.headers['accept-language'] ?? ''
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? ''
    if (tag.startsWith('ru')) return 'ru'
    if (tag.startsWith('en')) return 'en'
  }
  return 'ru'
}
