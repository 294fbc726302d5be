import { describe, expect, it } from 'vitest'
import { ApiError } from '../../src/api/api-error'
import { signInError } from '../../src/flows/signin/sign-in-error'
import { activateLanguage } from '../../src/i18n/activate'

activateLanguage('en')

const messageOf = (error: ApiError) => (signInError(error) as { message: string }).message

describe('the sign-in screen’s sentence for a failed sign-in', () => {
  it('says the login or password is wrong only for the wrong-credentials reply', () => {
    expect(messageOf(new ApiError('Invalid login or password', { status: 422 }))).toBe(
      'The login or password is incorrect.',
    )
  })

  it('says there were too many attempts when the server throttles', () => {
    const throttled = new ApiError('limit exceeded', { status: 429, code: 1001 })
    expect(messageOf(throttled)).toBe('Too many attempts. Please wait a few minutes and try again.')
  })

  it('asks for the robot check when the server wants one before it evaluates more attempts', () => {
    const recaptcha = new ApiError('Validation failed', {
      status: 422,
      fieldErrors: { google_recaptcha_v2_token: ['Confirm that you are not a robot'] },
    })
    expect(messageOf(recaptcha)).toBe(
      'Too many attempts. Confirm that you are not a robot, then sign in again.',
    )
  })
})

describe('the failure the sign-in machine keeps', () => {
  it('keeps the reply’s status, code and field messages beside the sentence', () => {
    const refused = new ApiError('Validation failed', {
      status: 422,
      code: 1002,
      fieldErrors: { login: ['Enter your login'] },
    })
    expect(signInError(refused)).toEqual({
      status: 422,
      code: 1002,
      message: 'Signing in failed. Please try again.',
      fieldErrors: { login: ['Enter your login'] },
      attemptsLeft: undefined,
      waitPeriod: undefined,
      isRequestError: false,
    })
  })

  it('says there were too many attempts for the attempts-exceeded code, whatever the status', () => {
    expect(messageOf(new ApiError('limit exceeded', { status: 400, code: 2002 }))).toBe(
      'Too many attempts. Please wait a few minutes and try again.',
    )
  })

  it('keeps the client’s own text for a lost connection', () => {
    const offline = new ApiError('No connection to the server.', { status: 0, isRequestError: true })
    expect(messageOf(offline)).toBe('No connection to the server.')
  })

  it('gives a general sentence for any other reply, whose wording is the server’s', () => {
    expect(messageOf(new ApiError('Internal Server Error', { status: 500 }))).toBe(
      'Signing in failed. Please try again.',
    )
  })

  it('passes on a failure that is not an API reply unchanged', () => {
    const bug = new TypeError('x is undefined')
    expect(signInError(bug)).toBe(bug)
  })
})
