import * as v from 'valibot'
import {
  confirmPasswordSchema,
  newPasswordSchema,
  passwordsMatch,
} from '../../../contract/auth/password-policy'
import { emailSchema, phoneInputSchema } from '../../../contract/onboarding/schemas'
import { problemsOfIssues, type FieldProblems } from '../../ui/field-error-text'

const nameSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))

/**
 * Everything wrong with the account form, found at once before it is sent: the server's schema stops at the
 * first layer (a mismatch of the passwords is only checked once every field is valid), which showed one
 * error per submission. The server still checks everything again.
 */
export function registrationProblems(
  values: {
    name?: string | undefined
    password: string
    confirm_password: string
    email?: string | null
    phone?: string | null
  },
  asks: { email: boolean; phone: boolean },
): FieldProblems {
  const schema = v.object({
    name: nameSchema,
    password: newPasswordSchema,
    confirm_password: confirmPasswordSchema,
    email: asks.email ? emailSchema : v.unknown(),
    phone: asks.phone ? phoneInputSchema : v.unknown(),
  })
  const input = {
    name: values.name ?? '',
    password: values.password,
    confirm_password: values.confirm_password,
    email: values.email ?? '',
    phone: values.phone ?? '',
  }
  const result = v.safeParse(schema, input)
  const problems = result.success ? {} : problemsOfIssues(result.issues)
  if (!problems.confirm_password) {
    if (values.confirm_password === '') problems.confirm_password = 'required'
    else if (!passwordsMatch(values)) problems.confirm_password = 'mismatch'
  }
  return problems
}
