import * as v from 'valibot'
import { ErrorCode } from '../../../contract/error-codes'
import { positionInUseSchema, type PositionInUse } from '../../../contract/positions/schemas'
import type { ApiError } from '../../api/api-error'

/**
 * Who keeps a position from being deleted, read from the server's refusal (409, code 3001, errors.used_by);
 * null for any other failure, which the error toast reports instead.
 */
export function positionHoldersOf(error: ApiError): PositionInUse | null {
  if (error.status !== 409 || error.code !== ErrorCode.positionInUse) return null
  const parsed = v.safeParse(positionInUseSchema, error.details.errorDetails?.used_by)
  return parsed.success ? parsed.output : null
}
