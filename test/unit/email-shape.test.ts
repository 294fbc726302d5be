import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { emailSchema } from '../../contract/onboarding/schemas'

// SPEC.md section 5: local part, @, domain, dot, and a top-level part of letters with at least 2 characters.
describe('the e-mail shape', () => {
  const valid = (email: string) => v.safeParse(emailSchema, email).success

  it('takes a top-level part of two letters or more, in any script', () => {
    for (const email of ['anna@example.com', 'a.b+c@mail.co.uk', 'x@y.ru', 'anna@салон.рф', 'x@y.рф']) {
      expect(valid(email), email).toBe(true)
    }
  })

  it('refuses an address without a dot, a short or numeric top-level part, or a second @', () => {
    for (const email of [
      'anna@example',
      'anna@example.c',
      'anna@example.12',
      'x@y.р',
      'a@b@c.com',
      '@b.com',
    ]) {
      expect(valid(email), email).toBe(false)
    }
  })
})
