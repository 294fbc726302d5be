import { describe, expect, it } from 'vitest'
import { classifySignInFailure, type SignInFailureClass } from '../../machines/sign-in-failure'

describe('classifySignInFailure', () => {
  const cases: [string, unknown, SignInFailureClass][] = [
    ['2002, attempts exceeded', { status: 422, code: 2002 }, 'two_factor_limit'],
    ['2002 even without a status', { code: 2002 }, 'two_factor_limit'],
    ['2001, invalid code', { status: 422, code: 2001 }, 'two_factor'],
    ['any other 2xxx code', { status: 400, code: 2999 }, 'two_factor'],
    ['422 without a code', { status: 422 }, 'wrong_credentials'],
    ['422 with a code outside 2xxx', { status: 422, code: 1001 }, 'wrong_credentials'],
    ['400, the lowest failed status', { status: 400 }, 'network'],
    ['no reply (request error)', { status: 0, isRequestError: true }, 'network'],
    ['500', { status: 500 }, 'network'],
    ['503', { status: 503 }, 'network'],
    ['another 4xx', { status: 429, code: 1001 }, 'network'],
    ['an exception thrown in the app', new TypeError('x is undefined'), 'local'],
    ['a 2xx status', { status: 200 }, 'local'],
    ['a string', 'boom', 'local'],
    ['null', null, 'local'],
    ['undefined', undefined, 'local'],
  ]

  it.each(cases)('%s', (_name, failure, expected) => {
    expect(classifySignInFailure(failure)).toBe(expected)
  })
})
