// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { callFailureOf, failedWith, tokenExpired } from '../../machines/call-failure'
import { ApiError } from '../../src/api/api-error'

describe('callFailureOf (the one failure shape every flow machine reads)', () => {
  it('reads the API client’s error: status, code, message, field errors and the extra keys of errors', () => {
    const error = new ApiError('Wrong code', {
      status: 422,
      code: 2001,
      fieldErrors: { code: ['Wrong code'] },
      errorDetails: { attempts_left: 2, wait_period: 45 },
    })
    expect(callFailureOf(error)).toEqual({
      status: 422,
      code: 2001,
      message: 'Wrong code',
      fieldErrors: { code: ['Wrong code'] },
      attemptsLeft: 2,
      waitPeriod: 45,
      isRequestError: false,
    })
  })

  it('says when the request itself failed', () => {
    const error = new ApiError('No connection', { status: 0, isRequestError: true })
    expect(callFailureOf(error)).toMatchObject({ status: 0, isRequestError: true, message: 'No connection' })
  })

  it('reads a plain object of the same fields, as tests and other callers reject with', () => {
    expect(
      callFailureOf({
        status: 429,
        code: 1001,
        message: 'Too many requests',
        fieldErrors: { phone: ['Too often'] },
        waitPeriod: 30,
      }),
    ).toEqual({
      status: 429,
      code: 1001,
      message: 'Too many requests',
      fieldErrors: { phone: ['Too often'] },
      attemptsLeft: undefined,
      waitPeriod: 30,
      isRequestError: false,
    })
  })

  it('turns anything else into a local failure with status 0 and no code', () => {
    for (const thrown of [new TypeError('Failed to fetch'), 'boom', null, undefined, 42]) {
      expect(callFailureOf(thrown)).toEqual({
        status: 0,
        code: undefined,
        message: thrown instanceof Error ? 'Failed to fetch' : null,
        fieldErrors: {},
        attemptsLeft: undefined,
        waitPeriod: undefined,
        isRequestError: false,
      })
    }
  })

  it('ignores values of the wrong type', () => {
    expect(
      callFailureOf({
        status: '500',
        code: '2001',
        message: 7,
        fieldErrors: null,
        attemptsLeft: '2',
        waitPeriod: null,
      }),
    ).toEqual({
      status: 0,
      code: undefined,
      message: null,
      fieldErrors: {},
      attemptsLeft: undefined,
      waitPeriod: undefined,
      isRequestError: false,
    })
  })

  it('tells the codes of SPEC.md section 8 apart', () => {
    expect(failedWith({ status: 422, code: 2001 }, 2001)).toBe(true)
    expect(failedWith({ status: 422, code: 2002 }, 2001)).toBe(false)
    expect(tokenExpired({ status: 401, code: 1001 })).toBe(true)
    expect(tokenExpired({ status: 429, code: 1001 })).toBe(false)
    expect(tokenExpired({ status: 401, code: 1002 })).toBe(false)
  })
})
