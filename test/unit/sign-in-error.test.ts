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
