// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { callFailureOf } from '../../machines/call-failure'
import { ApiError } from '../../src/api/api-error'

describe('callFailureOf (what a flow machine reads from a failed call)', () => {
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
    })
  })

  it('reads a plain object as tests and other callers reject with', () => {
    expect(
      callFailureOf({
        status: 429,
        code: 1001,
        message: 'Too many requests',
        fieldErrors: { phone: ['Too often'] },
        errorDetails: { wait_period: 30 },
      }),
    ).toEqual({
      status: 429,
      code: 1001,
      message: 'Too many requests',
      fieldErrors: { phone: ['Too often'] },
      attemptsLeft: undefined,
      waitPeriod: 30,
    })
  })

  it('prefers the top-level fields over those in details', () => {
    const failure = callFailureOf({
      status: 400,
      code: 2002,
      fieldErrors: { a: ['top'] },
      errorDetails: { attempts_left: 0 },
      details: {
        status: 500,
        code: 9999,
        fieldErrors: { b: ['nested'] },
        errorDetails: { attempts_left: 5 },
      },
    })
    expect(failure).toMatchObject({ status: 400, code: 2002, fieldErrors: { a: ['top'] }, attemptsLeft: 0 })
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
      })
    }
  })

  it('ignores values of the wrong type', () => {
    expect(
      callFailureOf({
        status: '500',
        code: '2001',
        message: 7,
        errorDetails: { attempts_left: '2', wait_period: null },
      }),
    ).toEqual({
      status: 0,
      code: undefined,
      message: null,
      fieldErrors: {},
      attemptsLeft: undefined,
      waitPeriod: undefined,
    })
  })
})
