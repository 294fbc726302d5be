import * as v from 'valibot'
import { accountInUseSchema, type AccountInUse } from '../../../contract/accounts/schemas'
import { ErrorCode } from '../../../contract/error-codes'
import type { ApiError } from '../../api/api-error'

/**
 * What keeps an account from being deleted, read from the server's refusal (409, code 3002, errors.used_by):
 * how many transactions it holds and their sum; null for any other failure, which the error toast reports.
 */
export function accountInUseOf(error: ApiError): AccountInUse | null {
  if (error.status !== 409 || error.code !== ErrorCode.accountInUse) return null
  const parsed = v.safeParse(accountInUseSchema, error.details.errorDetails?.used_by)
  return parsed.success ? parsed.output : null
}
