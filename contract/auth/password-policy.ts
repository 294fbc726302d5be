import * as v from 'valibot'

/** The password policy (SPEC.md): 8 to 128 characters, no composition rules. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

/** A new password's shape; the server also refuses the most common passwords (server/auth/common-passwords.ts). */
export const newPasswordSchema = v.pipe(
  v.string(/*i18n*/ 'Enter a password'),
  v.minLength(PASSWORD_MIN_LENGTH, /*i18n*/ 'Use at least 8 characters'),
  v.maxLength(PASSWORD_MAX_LENGTH, /*i18n*/ 'Use at most 128 characters'),
)

export const confirmPasswordSchema = v.pipe(
  v.string(/*i18n*/ 'Repeat the password'),
  v.maxLength(PASSWORD_MAX_LENGTH),
)

/** The message on confirm_password when the two differ. */
export const PASSWORDS_DIFFER_MESSAGE = /*i18n*/ 'The passwords do not match'

/** "password and confirm_password always together" (SPEC.md section 5): the check each form schema runs. */
export const passwordsMatch = (input: { password: string; confirm_password: string }) =>
  input.password === input.confirm_password

/**
 * Adds "password and confirm_password always together" to an object schema holding both: a mismatch is
 * reported on confirm_password once the object is otherwise valid.
 */
export function withMatchingPasswords<
  TSchema extends v.GenericSchema<unknown, { password: string; confirm_password: string }>,
>(schema: TSchema) {
  return v.pipe(
    schema,
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return
      const value = dataset.value as { password: string; confirm_password: string }
      if (passwordsMatch(value)) return
      addIssue({
        message: PASSWORDS_DIFFER_MESSAGE,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: value,
            key: 'confirm_password',
            value: value.confirm_password,
          },
        ],
      })
    }),
  )
}
