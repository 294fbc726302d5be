import type { FastifyInstance, FastifyRequest } from 'fastify'
import { ACCESS_TOKEN_COOKIE } from '../../contract/browser-cookies'
import { companiesFetchCount } from '../../contract/companies/schemas'
import { PAGE_REPLIES_DATA, pageReplyKey } from '../../contract/page-replies'
import { pageLanguageHeader, type Language } from '../../contract/ui-languages'
import type { AppWords } from '../i18n/app-words'
import { drawnWorkspaceFrame } from './drawn-workspace-frame'
import type { FirstPaint } from './first-paint'
import { unprefixedPath } from './unprefixed-path'

/** One call a page's first screen makes, as the app makes it (src/api/*): its method and its address under /api/v1. */
interface PageCall {
  method: 'GET' | 'POST'
  path: string
  body?: Record<string, never>
}

/** `/company/{id}`, its section (`/services`) and anything deeper (`/services/12`), without the language prefix. */
const WORKSPACE_PAGE = /^\/company\/([1-9]\d{0,8})(?:(\/[^/]+)(\/.+)?)?$/

/** What an access token can look like (server/http/authenticate.ts reads the same); anything else is not sent. */
const TOKEN_TEXT = /^[\w.~+/=-]{1,4096}$/

/** The sections whose first render reads the service menu: the services list and the categories (their services). */
const MENU_SECTIONS = new Set(['/services', '/categories'])

/**
 * What the app asks for when a workspace page opens (src/app/session.ts, src/routes/company-route-data.ts): who
 * the token belongs to and whether they act for someone, the company with the user's rights, their companies and
 * chains for the switcher, and the section's own reads. The session's call comes first: without it nothing is
 * written.
 */
function workspaceCalls(companyId: number, section: string | undefined, deeper: boolean): PageCall[] {
  const calls: PageCall[] = [
    { method: 'POST', path: '/auth/session', body: {} },
    { method: 'GET', path: '/auth/switch_user/state' },
    { method: 'GET', path: `/company/${companyId}/` },
    { method: 'GET', path: `/companies?count=${companiesFetchCount}&my=1` },
    { method: 'GET', path: '/groups' },
  ]
  if (section && !deeper && MENU_SECTIONS.has(section)) {
    calls.push(
      { method: 'GET', path: `/service_categories/${companyId}/` },
      { method: 'GET', path: `/services/${companyId}/` },
    )
  }
  return calls
}

/**
 * The API replies a workspace page's first screen would ask for once its scripts have run, answered now by the
 * API itself for the access token the page request carries (the app keeps it in a cookie its scripts read,
 * src/api/token-store.ts), keyed as the app looks them up (src/api/written-replies.ts). Each call goes through
 * the API's own routes, with their authentication, rights checks and validation, from the visitor's address and
 * in the page's language: the page holds exactly what the API would have answered this user, and nothing when
 * the token is missing, expired or revoked (the app then renews it and asks itself). Only successful replies
 * are written; the app asks for the others and shows what fails as it always does. With `words` (the page's
 * language has the app's catalogs), the page's frame is drawn from the same replies (drawn-workspace-frame.ts).
 */
export async function workspacePageReplies(
  app: FastifyInstance,
  request: FastifyRequest,
  language: Language,
  words: AppWords | undefined,
): Promise<FirstPaint | undefined> {
  const token = request.cookies[ACCESS_TOKEN_COOKIE]
  const match = WORKSPACE_PAGE.exec(unprefixedPath(request.url))
  if (!token || !TOKEN_TEXT.test(token) || !match) return undefined
  const deeper = match[3] !== undefined
  const calls = workspaceCalls(Number(match[1]), match[2], deeper)
  let replies
  try {
    replies = await callAll(app, request, calls, token, language)
  } catch {
    // A request the API could not even be asked (an address it refuses): the app asks for itself.
    return undefined
  }
  if (replies[0]?.statusCode !== 200) return undefined
  const keyOf = (call: PageCall) => pageReplyKey(call.method, `/api/v1${call.path}`)
  const written: Record<string, unknown> = {}
  calls.forEach((call, index) => {
    const reply = replies[index]!
    if (reply.statusCode === 200) written[keyOf(call)] = reply.json()
  })
  // The frame's replies are the first four calls (workspaceCalls).
  const [session, switchState, company, companies] = calls.map((call) => written[keyOf(call)])
  const markup =
    words &&
    drawnWorkspaceFrame(
      words,
      { sectionPath: match[2] ?? '', deeper },
      { session, switchState, company, companies },
    )
  return { data: { [PAGE_REPLIES_DATA]: written }, personal: true, ...(markup ? { markup } : {}) }
}

/** The calls answered by the API's routes as if the app had made them with `token` from the visitor's address. */
function callAll(
  app: FastifyInstance,
  request: FastifyRequest,
  calls: PageCall[],
  token: string,
  language: Language,
) {
  return Promise.all(
    calls.map((call) =>
      app.inject({
        method: call.method,
        url: `/api/v1${call.path}`,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          [pageLanguageHeader.toLowerCase()]: language,
        },
        remoteAddress: request.ip,
        ...(call.body ? { payload: call.body } : {}),
      }),
    ),
  )
}
