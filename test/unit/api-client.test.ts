import { http, HttpResponse } from 'msw'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../src/api/api-error'
import {
  apiBase,
  apiRequest,
  apiRequestWithMeta,
  setAuthHandlers,
  waitingRoomRetryDelayMs,
} from '../../src/api/client'
import { readCookie } from '../../src/api/cookies'
import { ErrorCode } from '../../contract/error-codes'
import { failureMessage } from '../../src/api/error-message'
import { storeAccessToken } from '../../src/api/token-store'
import { createSessionActor } from '../../src/app/session'
import { QueryClient } from '@tanstack/react-query'
import { waitFor } from '@testing-library/react'
import { activateLanguage } from '../../src/i18n/activate'
import { anna, fail, ok, tokenPair } from '../support/msw-api'
import { seenRequests, useMswServer } from '../support/msw-server'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()
const timeoutText = 'The server did not answer in time. Please try again.'
const thingSchema = v.object({ id: v.number(), name: v.string() })
const url = (path: string) => `${apiBase}${path}`

/** Calls the endpoint and answers the error it throws. */
async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

const getThing = () => apiRequest('/thing', { schema: thingSchema })
const thingRequests = () => seenRequests.filter((request) => request.path === url('/thing'))

beforeEach(() => activateLanguage('en'))

afterEach(() => {
  setAuthHandlers({ renewExpiredToken: async () => false, rejectSession: () => {} })
  clearAppCookies()
})

describe('apiRequest, envelope', () => {
  it('answers the data parsed with its schema', async () => {
    const schema = v.object({ id: v.pipe(v.string(), v.transform(Number)) })
    server.use(http.get(url('/thing'), () => ok({ id: '42' })))
    await expect(apiRequest('/thing', { schema })).resolves.toEqual({ id: 42 })
  })

  it('sends the query, the body and the bearer token', async () => {
    storeAccessToken('token-1')
    let seen: { search: string; body: unknown; authorization: string | null } | undefined
    server.use(
      http.post(url('/thing'), async ({ request }) => {
        seen = {
          search: new URL(request.url).search,
          body: await request.json(),
          authorization: request.headers.get('authorization'),
        }
        return ok({ id: 1, name: 'x' })
      }),
    )
    await apiRequest('/thing', {
      method: 'POST',
      body: { a: 1 },
      query: { count: 1000, my: 1, skipped: undefined },
      schema: thingSchema,
    })
    expect(seen).toEqual({ search: '?count=1000&my=1', body: { a: 1 }, authorization: 'Bearer token-1' })
  })

  it.each([
    ['a body that is not JSON', () => new HttpResponse('<html>', { status: 200 })],
    ['data of the wrong shape', () => ok({ id: 'one' })],
    ['no envelope', () => HttpResponse.json({ id: 1, name: 'x' })],
  ])('turns %s into a request error', async (_name, reply) => {
    server.use(http.get(url('/thing'), reply))
    const error = await failureOf(getThing())
    expect(error.isRequestError).toBe(true)
    expect(error.message).toBe('The server sent a reply the app cannot read.')
  })

  it('keeps how long a reached limit asks to wait (Retry-After)', async () => {
    server.use(
      http.get(url('/thing'), () =>
        HttpResponse.json(
          { success: false, data: null, meta: { message: 'limit exceeded' }, errors: { code: 1001 } },
          { status: 429, headers: { 'Retry-After': '754' } },
        ),
      ),
    )
    const error = await failureOf(getThing())
    expect(error).toMatchObject({ status: 429, code: ErrorCode.tokenExpiredOrRateLimited, retryAfter: 754 })
  })

  it('turns a network failure into a request error with the time-out text', async () => {
    server.use(http.get(url('/thing'), () => HttpResponse.error()))
    const error = await failureOf(getThing())
    expect(error).toMatchObject({ status: 0, isRequestError: true, message: timeoutText })
  })
})

describe('apiRequestWithMeta', () => {
  const pageMeta = v.object({ page: v.number(), total: v.number() })
  const getPage = () => apiRequestWithMeta('/thing', { schema: v.array(thingSchema), metaSchema: pageMeta })

  it('answers the data and the meta, each parsed with its schema', async () => {
    server.use(
      http.get(url('/thing'), () =>
        HttpResponse.json({ success: true, data: [{ id: 1, name: 'x' }], meta: { page: 2, total: 26 } }),
      ),
    )
    await expect(getPage()).resolves.toEqual({ data: [{ id: 1, name: 'x' }], meta: { page: 2, total: 26 } })
  })

  it('refuses a reply whose meta lacks what the caller reads, as an unreadable reply', async () => {
    server.use(http.get(url('/thing'), () => ok([])))
    const error = await failureOf(getPage())
    expect(error.message).toBe('The server sent a reply the app cannot read.')
    expect(error.isRequestError).toBe(true)
  })
})

describe('apiRequest, failure messages (SPEC.md section 8)', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'the top-level message first',
      { message: 'top', meta: { message: 'meta' }, errors: { message: 'errors' } },
      'top',
    ],
    [
      'then the meta message',
      { meta: { message: 'meta', errors: { login: ['field'] } }, errors: { message: 'errors' } },
      'meta',
    ],
    [
      'then the first meta error',
      { meta: { errors: { login: ['field'] } }, errors: { message: 'errors' } },
      'field',
    ],
    [
      'then the errors message',
      { success: false, data: null, meta: [], errors: { message: 'errors' } },
      'errors',
    ],
    ['else the time-out text', { success: false, data: null, meta: {} }, timeoutText],
  ]

  it.each(cases)('reads %s', async (_name, body, expected) => {
    server.use(http.get(url('/thing'), () => HttpResponse.json(body, { status: 400 })))
    const error = await failureOf(getThing())
    expect(error.status).toBe(400)
    expect(error.message).toBe(expected)
  })

  it('falls back to the time-out text when the failure is not JSON', async () => {
    server.use(http.get(url('/thing'), () => new HttpResponse('Bad gateway', { status: 502 })))
    const error = await failureOf(getThing())
    expect(error).toMatchObject({ status: 502, message: timeoutText })
    expect(error.isRequestError).toBe(false)
  })

  it('carries the 422 field errors, the code, the caption and the errors object', async () => {
    const fieldErrors = { login: ['Enter your e-mail or phone'], password: ['Too short', 'Too simple'] }
    server.use(
      http.get(url('/thing'), () => fail(422, { message: 'Check the form', errors: fieldErrors }, 2001)),
    )
    const error = await failureOf(getThing())
    expect(error.details).toEqual({
      status: 422,
      code: 2001,
      fieldErrors,
      caption: 'Check the form',
      errorDetails: { code: 2001, message: 'Check the form' },
    })
    expect(error.message).toBe('Check the form')
  })
})

describe('failureMessage', () => {
  const cases: [string, Parameters<typeof failureMessage>[0], string][] = [
    ['no body', null, 'T'],
    ['undefined', undefined, 'T'],
    ['an empty top-level message', { message: '', meta: { message: 'meta' } }, 'meta'],
    ['a top-level message', { message: 'top', meta: { message: 'meta' } }, 'top'],
    ['a meta message before its errors', { meta: { message: 'meta', errors: { a: ['first'] } } }, 'meta'],
    ['the first meta error', { meta: { errors: { a: [], b: ['second'], c: ['third'] } } }, 'second'],
    ['a meta error given as a plain string', { meta: { errors: { a: 'plain' } } } as never, 'plain'],
    ['meta as an array', { meta: [], errors: { message: 'errors' } }, 'errors'],
    ['errors as an array', { meta: {}, errors: [] }, 'T'],
    ['an empty errors message', { errors: { message: '' } }, 'T'],
    ['a code without a message', { errors: { code: 1001 } }, 'T'],
  ]

  it.each(cases)('with %s', (_name, body, expected) => {
    expect(failureMessage(body, 'T')).toBe(expected)
  })
})

describe('apiRequest, 401 handling', () => {
  const expired = () => fail(401, { message: 'Token expired' }, ErrorCode.tokenExpiredOrRateLimited)
  /** A read that accepts only `token-2`, as after a refresh. */
  const readAcceptingNewToken = () =>
    http.get(url('/thing'), ({ request }) =>
      request.headers.get('authorization') === 'Bearer token-2' ? ok({ id: 1, name: 'x' }) : expired(),
    )

  it('renews an expired token once and retries the request once with the new token', async () => {
    storeAccessToken('token-1')
    const renewExpiredToken = vi.fn(async () => {
      storeAccessToken('token-2')
      return true
    })
    const rejectSession = vi.fn()
    setAuthHandlers({ renewExpiredToken, rejectSession })
    server.use(readAcceptingNewToken())

    await expect(getThing()).resolves.toEqual({ id: 1, name: 'x' })
    expect(renewExpiredToken).toHaveBeenCalledTimes(1)
    expect(renewExpiredToken).toHaveBeenCalledWith('token-1')
    expect(thingRequests().map((request) => request.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-2',
    ])
    expect(rejectSession).not.toHaveBeenCalled()
  })

  it('rejects the session when the retried request meets 1001 again', async () => {
    storeAccessToken('token-1')
    const renewExpiredToken = vi.fn(async () => {
      storeAccessToken('token-2')
      return true
    })
    const rejectSession = vi.fn()
    setAuthHandlers({ renewExpiredToken, rejectSession })
    server.use(http.get(url('/thing'), expired))

    const error = await failureOf(getThing())
    expect(error).toMatchObject({ status: 401, code: ErrorCode.tokenExpiredOrRateLimited })
    expect(renewExpiredToken).toHaveBeenCalledTimes(1)
    expect(thingRequests()).toHaveLength(2)
    expect(rejectSession).toHaveBeenCalledTimes(1)
  })

  it('rejects the session without a retry when the renewal fails', async () => {
    storeAccessToken('token-1')
    const renewExpiredToken = vi.fn(async () => false)
    const rejectSession = vi.fn()
    setAuthHandlers({ renewExpiredToken, rejectSession })
    server.use(http.get(url('/thing'), expired))

    await failureOf(getThing())
    expect(thingRequests()).toHaveLength(1)
    expect(rejectSession).toHaveBeenCalledTimes(1)
  })

  it('rejects the session on any other 401, without renewing', async () => {
    storeAccessToken('token-1')
    const renewExpiredToken = vi.fn(async () => true)
    const rejectSession = vi.fn()
    setAuthHandlers({ renewExpiredToken, rejectSession })
    server.use(http.get(url('/thing'), () => fail(401, { message: 'Revoked' }, ErrorCode.tokenInvalid)))

    const error = await failureOf(getThing())
    expect(error).toMatchObject({ status: 401, code: ErrorCode.tokenInvalid, message: 'Revoked' })
    expect(renewExpiredToken).not.toHaveBeenCalled()
    expect(rejectSession).toHaveBeenCalledTimes(1)
    expect(thingRequests()).toHaveLength(1)
  })

  it('leaves 401s of calls without a token, or that opt out, to the caller', async () => {
    const rejectSession = vi.fn()
    setAuthHandlers({ renewExpiredToken: async () => true, rejectSession })
    server.use(http.get(url('/thing'), expired))
    await failureOf(getThing())
    storeAccessToken('token-1')
    await failureOf(apiRequest('/thing', { schema: thingSchema, handleUnauthorized: false }))
    expect(rejectSession).not.toHaveBeenCalled()
  })

  it('refreshes exactly once for two requests that meet 1001 together (real session actor)', async () => {
    storeAccessToken('token-1')
    server.use(
      http.post(url('/auth/session'), () =>
        ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }),
      ),
      http.post(url('/jwt/refresh'), async () => {
        // Long enough for the second request's 1001 to arrive while the refresh is on its way.
        await new Promise((resolve) => setTimeout(resolve, 30))
        return ok(tokenPair('token-2'))
      }),
      readAcceptingNewToken(),
    )
    const session = createSessionActor(new QueryClient())
    session.start()
    await waitFor(() => expect(session.getSnapshot().value).toBe('valid'))

    const results = await Promise.all([getThing(), getThing()])
    expect(results).toEqual([
      { id: 1, name: 'x' },
      { id: 1, name: 'x' },
    ])
    expect(seenRequests.filter((request) => request.path === url('/jwt/refresh'))).toHaveLength(1)
    expect(thingRequests().map((request) => request.authorization)).toEqual([
      'Bearer token-1',
      'Bearer token-1',
      'Bearer token-2',
      'Bearer token-2',
    ])
    expect(session.getSnapshot().value).toBe('valid')
    session.stop()
  })
})

describe('apiRequest, waiting room', () => {
  it('sends the request again every 100 ms until the room lets it in, with the cookie set meanwhile', async () => {
    const arrivals: { at: number; waitingCookie: string | null }[] = []
    server.use(
      http.get(url('/thing'), () => {
        arrivals.push({ at: performance.now(), waitingCookie: readCookie('waiting_room') })
        if (arrivals.length <= 2) {
          return HttpResponse.json({ success: false }, { status: 503, headers: { 'x-waiting-room': '1' } })
        }
        return ok({ id: 1, name: 'x' })
      }),
    )

    await expect(getThing()).resolves.toEqual({ id: 1, name: 'x' })
    expect(arrivals).toHaveLength(3)
    expect(arrivals.map((arrival) => arrival.waitingCookie)).toEqual([null, '1', '1'])
    for (let index = 1; index < arrivals.length; index += 1) {
      // Timers may fire a millisecond early by rounding; the client never asks sooner than that.
      expect(arrivals[index]!.at - arrivals[index - 1]!.at).toBeGreaterThanOrEqual(
        waitingRoomRetryDelayMs - 2,
      )
    }
    expect(readCookie('waiting_room')).toBeNull()
  })

  it('also knows the room by meta.waiting_room, and an ordinary 503 is a failure', async () => {
    let calls = 0
    server.use(
      http.get(url('/thing'), () => {
        calls += 1
        return calls === 1
          ? HttpResponse.json({ success: false, meta: { waiting_room: true } }, { status: 503 })
          : fail(503, { message: 'Service unavailable' })
      }),
    )
    const error = await failureOf(getThing())
    expect(calls).toBe(2)
    expect(error).toMatchObject({ status: 503, message: 'Service unavailable' })
  })
})
