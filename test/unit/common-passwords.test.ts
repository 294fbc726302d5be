import { describe, expect, it } from 'vitest'
import { COMMON_PASSWORD_MAX_LENGTH, isCommonPassword } from '../../server/auth/common-passwords'

describe('isCommonPassword (the server refuses these as a new password)', () => {
  it('refuses a password on the common list, whatever its case', async () => {
    for (const password of ['password123', 'PassWord123', 'iloveyou', 'sunshine', 'football']) {
      expect(await isCommonPassword(password), password).toBe(true)
    }
  })

  it('refuses what the list leaves to zxcvbn: repeats, sequences, keyboard runs, dates and l33t spellings', async () => {
    for (const password of [
      '88888888',
      '12341234',
      '987654321',
      'abcdefgh',
      'qwertyuiop',
      '1qaz2wsx',
      '19841984',
    ]) {
      expect(await isCommonPassword(password), password).toBe(true)
    }
    for (const password of ['08111991', 'p@ssw0rd', 'P@SSW0RD1', 'poiuytrewq']) {
      expect(await isCommonPassword(password), password).toBe(true)
    }
  })

  it('accepts passwords that are more than one common thing', async () => {
    for (const password of [
      'violet-sky-42',
      'a brand new passphrase',
      'demo12345',
      'Tverskaya7',
      'green-lantern-5',
      'correct horse',
    ]) {
      expect(await isCommonPassword(password), password).toBe(false)
    }
  })

  it(`never refuses a password longer than ${COMMON_PASSWORD_MAX_LENGTH} characters`, async () => {
    expect(await isCommonPassword('1'.repeat(COMMON_PASSWORD_MAX_LENGTH))).toBe(true)
    expect(await isCommonPassword('1'.repeat(COMMON_PASSWORD_MAX_LENGTH + 1))).toBe(false)
  })
})
