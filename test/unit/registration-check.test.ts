import { describe, expect, it } from 'vitest'
import { registrationProblems } from '../../src/flows/onboarding/registration-check'

// The account page (continue_register) shows every problem of its form at once, before anything is sent.

const valid = {
  name: 'Anna',
  password: 'long enough 1',
  confirm_password: 'long enough 1',
  email: 'anna@example.test',
  phone: '+79161234567',
}
const both = { email: true, phone: true }

describe('the account form', () => {
  it('has no problem when every field is right', () => {
    expect(registrationProblems(valid, both)).toEqual({})
  })

  it('asks for a name that is missing or only spaces, and refuses one over 100 characters', () => {
    expect(registrationProblems({ ...valid, name: undefined }, both)).toEqual({ name: 'required' })
    expect(registrationProblems({ ...valid, name: '   ' }, both)).toEqual({ name: 'required' })
    expect(registrationProblems({ ...valid, name: 'a'.repeat(100) }, both)).toEqual({})
    expect(registrationProblems({ ...valid, name: 'a'.repeat(101) }, both)).toEqual({ name: 'tooLong' })
  })

  it('checks only the contacts the page asks for', () => {
    const withoutContacts = { ...valid, email: null, phone: null }
    expect(registrationProblems(withoutContacts, { email: false, phone: false })).toEqual({})
    expect(registrationProblems(withoutContacts, both)).toEqual({ email: 'required', phone: 'required' })
    expect(registrationProblems({ ...valid, email: 'nope', phone: 'call me' }, both)).toEqual({
      email: 'invalid',
      phone: 'invalid',
    })
    expect(registrationProblems({ ...valid, email: undefined, phone: undefined }, both)).toEqual({
      email: 'required',
      phone: 'required',
    })
  })

  it('asks for the repetition of the password, and says when it differs', () => {
    expect(registrationProblems({ ...valid, confirm_password: '' }, both)).toEqual({
      confirm_password: 'required',
    })
    expect(registrationProblems({ ...valid, confirm_password: 'long enough 2' }, both)).toEqual({
      confirm_password: 'mismatch',
    })
  })

  it('says a password is too short, and that its repetition differs, at once', () => {
    expect(registrationProblems({ ...valid, password: 'short', confirm_password: 'shorter' }, both)).toEqual({
      password: 'tooShort',
      confirm_password: 'mismatch',
    })
  })

  it('keeps the repetition’s own problem rather than calling it a mismatch', () => {
    const long = 'a'.repeat(129)
    expect(registrationProblems({ ...valid, confirm_password: long }, both)).toEqual({
      confirm_password: 'tooLong',
    })
  })
})
