import type { FastifyRequest } from 'fastify'
import { isLanguage, languages, pageLanguageHeader, type Language } from '../../contract/ui-languages'

/** The page-language header as Node names headers (lower case). */
const PAGE_LANGUAGE_HEADER = pageLanguageHeader.toLowerCase()

/** What the server speaks when a request names no language and comes from nobody it knows: the catalogs' source. */
export const FALLBACK_LANGUAGE: Language = 'en'

/** A language tag as one the app speaks: `de-AT` as itself, `pt-AO` as `pt`, `RU` as `ru`; else undefined. */
export function languageOfTag(tag: string): Language | undefined {
  const trimmed = tag.trim()
  const exact = languages.find((language) => language.toLowerCase() === trimmed.toLowerCase())
  if (exact) return exact
  const base = trimmed.split(/[-_]/)[0]!.toLowerCase()
  return isLanguage(base) ? base : undefined
}

/** The languages of an Accept-Language header, most preferred first (q-values; q=0 means "not this one"). */
export function acceptedLanguages(header: string | undefined): Language[] {
  if (!header) return []
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...parameters] = part.split(';')
      const q = parameters.map((parameter) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean)
      const quality = q === undefined ? 1 : Number(q)
      return { language: languageOfTag(tag), quality: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter((entry) => entry.language !== undefined && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
  return ranked.map((entry) => entry.language!)
}

const headerValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/** The language a request asks for itself: the page's language, else the first of Accept-Language it names. */
export function askedLanguage(request: Pick<FastifyRequest, 'headers'>): Language | undefined {
  const page = headerValue(request.headers[PAGE_LANGUAGE_HEADER])
  const fromPage = page === undefined ? undefined : languageOfTag(page)
  return fromPage ?? acceptedLanguages(headerValue(request.headers['accept-language']))[0]
}

/**
 * The language of a reply and of the messages a request causes: the language of the page's URL (the app sends it
 * in X-Language), then Accept-Language, then the signed-in user's saved language, else English.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers' | 'auth'>): Language {
  const saved = request.auth?.user.language
  return askedLanguage(request) ?? (isLanguage(saved) ? saved : FALLBACK_LANGUAGE)
}
