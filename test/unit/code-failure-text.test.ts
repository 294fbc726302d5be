import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorCode } from '../../contract/error-codes'
import { callFailureOf } from '../../machines/call-failure'
import { ApiError } from '../../src/api/api-error'
import { activateLanguage } from '../../src/i18n/activate'
import { codeFailureText } from '../../src/ui/code-failure-text'

/** A 429 as the API client makes it from a reply with Retry-After. */
const limited = (retryAfterSec?: number) =>
  callFailureOf(
    new ApiError('limit exceeded', {
      status: 429,
      code: ErrorCode.tokenExpiredOrRateLimited,
      ...(retryAfterSec === undefined ? {} : { retryAfterSec }),
    }),
  )

describe('the sentence for a reached limit', () => {
  beforeAll(() => activateLanguage('en'))

  it('says how many minutes a lock lasts when the server names them', () => {
    expect(codeFailureText(limited(754))).toBe('Too many attempts. Please try again in 13 min.')
  })

  it('asks to wait, without a number, for a short wait or none named', () => {
    expect(codeFailureText(limited(45))).toBe('Too many requests. Please wait and try again.')
    expect(codeFailureText(limited())).toBe('Too many requests. Please wait and try again.')
  })

  it('is in the reader’s language', async () => {
    await activateLanguage('ru')
    expect(codeFailureText(limited(600))).toBe('Слишком много попыток. Попробуйте снова через 10 мин.')
    await activateLanguage('en')
  })
})
