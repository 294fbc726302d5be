import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordsMatch,
} from '../../../contract/auth/password-policy'
import type { FieldProblems } from '../../ui/field-error-text'

/** Everything wrong with a new password and its repetition, found at once before anything is sent. */
export function passwordProblems(password: string, confirmPassword: string): FieldProblems {
  const problems: FieldProblems = {}
  if (password === '') problems.password = 'required'
  else if (password.length < PASSWORD_MIN_LENGTH) problems.password = 'tooShort'
  else if (password.length > PASSWORD_MAX_LENGTH) problems.password = 'tooLong'
  if (confirmPassword === '') problems.confirm_password = 'required'
  else if (!passwordsMatch({ password, confirm_password: confirmPassword }))
    problems.confirm_password = 'mismatch'
  return problems
}
