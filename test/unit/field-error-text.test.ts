import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { continueRegisterBodySchema } from '../../contract/onboarding/schemas'
import { registrationProblems } from '../../src/flows/onboarding/registration-check'
import {
  fieldErrorTexts,
  problemKindOf,
  problemsOfIssues,
  serverFieldErrorTexts,
} from '../../src/ui/field-error-text'
import { activateLanguage } from '../../src/i18n/activate'

activateLanguage('en')

describe('field messages in the user’s words', () => {
  it('turns validator wording of a missing field into a sentence for the field', () => {
    expect(serverFieldErrorTexts({ name: ['Invalid key: Expected "name" but received undefined'] })).toEqual({
      name: 'Enter your name.',
    })
  })

  it('reads the kind of the server’s own messages', () => {
    expect(problemKindOf('Enter an e-mail like name@example.com')).toBe('invalid')
    expect(problemKindOf('Enter a valid phone number with its country code')).toBe('invalid')
    expect(problemKindOf('Enter your name')).toBe('required')
    expect(problemKindOf('The passwords do not match')).toBe('mismatch')
    expect(problemKindOf('This e-mail belongs to another account. Sign in, or use another e-mail.')).toBe(
      'taken',
    )
    expect(problemKindOf('Use at least 8 characters')).toBe('tooShort')
    expect(problemKindOf('This password is too common. Choose another one.')).toBe('common')
  })

  it('reads the kind of the server’s sentences for checks without a message of their own', () => {
    expect(problemKindOf('Fill in this field.')).toBe('required')
    expect(problemKindOf('Enter an e-mail such as name@example.com.')).toBe('invalid')
    expect(problemKindOf('This is too long.')).toBe('tooLong')
    expect(problemKindOf('This is too short.')).toBe('tooShort')
    expect(serverFieldErrorTexts({ email: ['Fill in this field.'] })).toEqual({ email: 'Enter your e-mail.' })
  })

  it('reads the kind from the English keys when the server translated the messages', () => {
    expect(
      serverFieldErrorTexts(
        { email: ['Этот e-mail принадлежит другой учётной записи. Войдите или укажите другой e-mail.'] },
        { email: ['This e-mail belongs to another account. Sign in, or use another e-mail.'] },
      ),
    ).toEqual({ email: 'This e-mail belongs to another account. Sign in, or use another e-mail.' })
  })

  it('never shows the server’s words for a field it does not know', () => {
    expect(serverFieldErrorTexts({ mystery: ['Invalid type: Expected number but received "x"'] })).toEqual({
      mystery: 'Check this field.',
    })
  })

  it('reports every field of a valibot check, not only the first', () => {
    const result = v.safeParse(continueRegisterBodySchema, { password: 'short' })
    expect(result.success).toBe(false)
    expect(fieldErrorTexts(problemsOfIssues(result.issues!))).toEqual({
      name: 'Enter your name.',
      password: 'Use at least 8 characters for the password.',
      confirm_password: 'Repeat the password.',
    })
  })

  it('finds every problem of the account form at once, the password mismatch included', () => {
    expect(
      registrationProblems(
        { name: '', password: 'long enough 1', confirm_password: 'long enough 2', email: 'nope' },
        { email: true, phone: false },
      ),
    ).toEqual({ name: 'required', email: 'invalid', confirm_password: 'mismatch' })
  })
})
