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

  it('says there were too many attempts when the server throttles or asks for a reCAPTCHA', () => {
    const throttled = new ApiError('limit exceeded', { status: 429, code: 1001 })
    const recaptcha = new ApiError('Validation failed', {
      status: 422,
      fieldErrors: { google_recaptcha_v2_token: ['Confirm that you are not a robot'] },
    })
    for (const error of [throttled, recaptcha]) {
      expect(messageOf(error)).toBe('Too many attempts. Please wait a few minutes and try again.')
    }
  })
})
