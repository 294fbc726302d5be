import { i18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import * as v from 'valibot'
import { ApiError } from './api-error'
import { deleteCookie, writeCookie } from './cookies'
import { envelopeSchema, failureEnvelopeSchema, type FailureEnvelope } from '../../contract/envelope'
import { ErrorCode } from '../../contract/error-codes'
import { pageLanguageHeader } from '../../contract/ui-languages'
import { failureMessage } from './error-message'
import { embeddedFrameHeader, runsInFrame } from './frame-context'
import { readAccessToken } from './token-store'
import { reportIfUnowned } from './unowned-failure'
import { takeWrittenReply } from './written-replies'

/** Every call goes to version 1; the server answers the same routes under /api/v2. */
export const apiBase = '/api/v1'

/** The request time-out; the specification leaves its value open (docs/decisions.md). */
const requestTimeoutMs = 30_000
/** Waiting-room replies are retried after this delay (SPEC.md section 9). */
export const waitingRoomRetryDelayMs = 100
/** A waiting room that has not let us in after a minute is reported as a failure. */
const waitingRoomMaxRetries = 600
const waitingRoomCookie = 'waiting_room'

/**
 * How the client reaches the session without importing it: the app registers these at start,
 * so that the session machine, not the client, decides about refreshes and sign-outs.
 */
export interface AuthHandlers {
  /** A 401 with code 1001: resolves true once a fresh token is in place (one refresh for all callers). */
  renewExpiredToken(expiredToken: string): Promise<boolean>
  /** Any other 401, or a second 1001: the session is over. */
  rejectSession(): void
}

let authHandlers: AuthHandlers = {
  renewExpiredToken: async () => false,
  rejectSession: () => {},
}

export function setAuthHandlers(handlers: AuthHandlers) {
  authHandlers = handlers
}

export interface RequestOptions<TSchema extends v.GenericSchema> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  /** A multipart body (file uploads); sent instead of `body`, with the browser's own content type. */
  formData?: FormData
  query?: Record<string, string | number | boolean | undefined>
  /** The schema of `data`; every reply is parsed at the boundary. */
  schema: TSchema
  /** Send the access token (default true). */
  auth?: boolean
  /** Let the session react to a 401 (default true); the session's own calls turn this off. */
  handleUnauthorized?: boolean
  /**
   * Whether the call can change what another call reads (default: any method but GET can). One that can drops the
   * replies written into the page (written-replies.ts); a usage event or a report changes nothing shown.
   */
  changesReplies?: boolean
}

const timeoutText = () => i18n._(msg`The server did not answer in time. Please try again.`)

function buildUrl(path: string, query: RequestOptions<v.GenericSchema>['query']) {
  const url = new URL(`${apiBase}${path}`, window.location.origin)
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value))
  }
  return url.pathname + url.search
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function isWaitingRoom(response: Response): Promise<boolean> {
  if (response.status !== 503) return false
  if (response.headers.get('x-waiting-room') === '1') return true
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { meta?: { waiting_room?: unknown } } | null
  return body?.meta?.waiting_room === true
}

/** Waiting-room replies queue the request: it is sent again every 100 ms until the room lets it in. */
async function fetchThroughWaitingRoom(send: () => Promise<Response>): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await send()
    if (!(await isWaitingRoom(response))) {
      if (attempt > 0) deleteCookie(waitingRoomCookie)
      return response
    }
    writeCookie(waitingRoomCookie, '1')
    if (attempt >= waitingRoomMaxRetries) return response
    await wait(waitingRoomRetryDelayMs)
  }
}

async function send(path: string, options: RequestOptions<v.GenericSchema>, token: string | null) {
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  if (runsInFrame()) headers[embeddedFrameHeader] = '1'
  // The language of the page: the server writes its messages, field errors and the e-mails and SMS this request
  // causes in it (docs/api.md, "The language of a reply").
  if (i18n.locale) headers[pageLanguageHeader] = i18n.locale
  try {
    return await fetchThroughWaitingRoom(() =>
      fetch(buildUrl(path, options.query), {
        method: options.method ?? 'GET',
        headers,
        body: options.formData ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
        credentials: 'same-origin',
        signal: AbortSignal.timeout(requestTimeoutMs),
      }),
    )
  } catch {
    throw new ApiError(timeoutText(), { status: 0, isRequestError: true })
  }
}

function toApiError(status: number, body: FailureEnvelope | null, retryAfter?: string | null): ApiError {
  const errors = body?.errors && !Array.isArray(body.errors) ? body.errors : undefined
  const meta = body?.meta && !Array.isArray(body.meta) ? body.meta : undefined
  const caption =
    meta?.message ?? (typeof body?.exception_message === 'string' ? body.exception_message : undefined)
  return new ApiError(failureMessage(body, timeoutText()), {
    status,
    ...(errors?.code === undefined ? {} : { code: errors.code }),
    ...(meta?.errors === undefined ? {} : { fieldErrors: meta.errors }),
    ...(meta?.error_keys === undefined ? {} : { fieldErrorKeys: meta.error_keys }),
    ...(caption === undefined ? {} : { caption }),
    ...(errors === undefined ? {} : { errorDetails: errors }),
    ...(retryAfter && /^\d+$/.test(retryAfter) ? { retryAfterSec: Number(retryAfter) } : {}),
  })
}

async function readFailure(response: Response): Promise<FailureEnvelope | null> {
  const json: unknown = await response.json().catch(() => null)
  const parsed = v.safeParse(failureEnvelopeSchema, json)
  return parsed.success ? parsed.output : null
}

/**
 * Calls the API and answers the parsed `data`. A 401 with code 1001 asks the session for a fresh
 * token and retries once; any other 401 ends the session (SPEC.md section 8).
 */
export async function apiRequest<TSchema extends v.GenericSchema>(
  path: string,
  options: RequestOptions<TSchema>,
): Promise<v.InferOutput<TSchema>> {
  return (await requestReportingFailures(path, options)).data
}

/**
 * Calls the API like apiRequest, and answers the reply's `meta` too, parsed with `metaSchema`: the paging
 * facts of a list (page, per_page, total) travel there.
 */
export async function apiRequestWithMeta<TSchema extends v.GenericSchema, TMeta extends v.GenericSchema>(
  path: string,
  options: RequestOptions<TSchema> & { metaSchema: TMeta },
): Promise<{ data: v.InferOutput<TSchema>; meta: v.InferOutput<TMeta> }> {
  const { data, meta } = await requestReportingFailures(path, options)
  const parsed = v.safeParse(options.metaSchema, meta)
  if (!parsed.success) {
    const error = new ApiError(i18n._(msg`The server sent a reply the app cannot read.`), {
      status: 200,
      isRequestError: true,
    })
    reportIfUnowned(error)
    throw error
  }
  return { data, meta: parsed.output }
}

async function requestReportingFailures<TSchema extends v.GenericSchema>(
  path: string,
  options: RequestOptions<TSchema>,
) {
  try {
    return await requestOnce(path, options)
  } catch (error) {
    // Failures that no form field or screen owns (network, 5xx, unknown codes) become an error toast.
    if (error instanceof ApiError) reportIfUnowned(error)
    throw error
  }
}

async function requestOnce<TSchema extends v.GenericSchema>(
  path: string,
  options: RequestOptions<TSchema>,
): Promise<{ data: v.InferOutput<TSchema>; meta: unknown }> {
  const withAuth = options.auth !== false
  let token = withAuth ? readAccessToken() : null
  // The page may hold this reply already, written by the server for the same token (src/api/written-replies.ts).
  const method = options.method ?? 'GET'
  const written = token
    ? takeWrittenReply(method, buildUrl(path, options.query), options.changesReplies ?? method !== 'GET')
    : undefined
  let response = written ?? (await send(path, options, token))

  if (response.status === 401 && withAuth && token && options.handleUnauthorized !== false) {
    const failure = await readFailure(response)
    const expired =
      !Array.isArray(failure?.errors) && failure?.errors?.code === ErrorCode.tokenExpiredOrRateLimited
    if (expired && (await authHandlers.renewExpiredToken(token))) {
      token = readAccessToken()
      response = await send(path, options, token)
    }
    if (response.status === 401) {
      authHandlers.rejectSession()
      throw toApiError(401, response.bodyUsed ? failure : await readFailure(response))
    }
  }

  if (!response.ok) {
    throw toApiError(response.status, await readFailure(response), response.headers.get('retry-after'))
  }

  const json: unknown = await response.json().catch(() => null)
  const parsed = v.safeParse(envelopeSchema(options.schema), json)
  if (!parsed.success) {
    throw new ApiError(i18n._(msg`The server sent a reply the app cannot read.`), {
      status: response.status,
      isRequestError: true,
    })
  }
  return { data: parsed.output.data, meta: parsed.output.meta }
}
