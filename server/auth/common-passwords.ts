import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
// Mozilla's list of the most common passwords (about 10 000), the one Firefox Accounts refuses.
const commonPasswordList = require('fxa-common-password-list') as { test(password: string): boolean }

/** The message on `password` when it is one of the most common passwords. */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose another one.'

/** True for a password on the common list, compared without regard to case. */
export function isCommonPassword(password: string): boolean {
  return commonPasswordList.test(password) || commonPasswordList.test(password.toLowerCase())
}
