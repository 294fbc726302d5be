import { describe, expect, it } from 'vitest'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../contract/auth/password-policy'
import { passwordProblems } from '../../src/flows/reset/password-problems'

// The reset screen shows every problem of the new password at once, before anything is sent.

describe('the new password of a reset', () => {
  it('asks for both fields when both are empty', () => {
    expect(passwordProblems('', '')).toEqual({ password: 'required', confirm_password: 'required' })
  })

  it('accepts a password of exactly the shortest and the longest allowed length', () => {
    const shortest = 'a'.repeat(PASSWORD_MIN_LENGTH)
    const longest = 'a'.repeat(PASSWORD_MAX_LENGTH)
    expect(passwordProblems(shortest, shortest)).toEqual({})
    expect(passwordProblems(longest, longest)).toEqual({})
  })

  it('says a password is too short or too long by one character', () => {
    const short = 'a'.repeat(PASSWORD_MIN_LENGTH - 1)
    const long = 'a'.repeat(PASSWORD_MAX_LENGTH + 1)
    expect(passwordProblems(short, short)).toEqual({ password: 'tooShort' })
    expect(passwordProblems(long, long)).toEqual({ password: 'tooLong' })
  })

  it('says the repetition does not match, beside a problem of the password itself', () => {
    expect(passwordProblems('short', 'shorts')).toEqual({
      password: 'tooShort',
      confirm_password: 'mismatch',
    })
    expect(passwordProblems('long enough 1', '')).toEqual({ confirm_password: 'required' })
  })
})
