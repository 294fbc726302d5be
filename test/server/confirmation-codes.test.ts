import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CODE_MAX_ATTEMPTS } from '../../server/codes/code-rules'
import { codeStatus, issueCode, verifyCode } from '../../server/codes/confirmation-codes'
import { HttpError } from '../../server/http/http-error'
import { createTestServer, testDatabases, type TestServer } from '../support/server-harness'

const keys = { current: 'a-test-secret-of-enough-length-0123456789', previous: null }

/** The error a promise rejects with, so a test can assert on its status and code. */
async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof HttpError) return error
    throw error
  }
  throw new Error('expected a rejection')
}

const wrongCodeFor = (code: string) => (code === '000000' ? '000001' : '000000')

describe.each(testDatabases())('confirmation codes on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer(kind, { seed: false })
  })
  afterAll(() => server.close())

  let subjectCounter = 0
  const freshKey = () => ({ purpose: 'test', subject: `subject-${++subjectCounter}` })

  it('issues six digits that work exactly once', async () => {
    const key = freshKey()
    const { code, status } = await issueCode(server.db, keys, key)
    expect(code).toMatch(/^\d{6}$/)
    expect(status.attempts_left).toBe(CODE_MAX_ATTEMPTS)
    expect(status.wait_period).toBe(60)
    await verifyCode(server.db, keys, key, code)
    const reuse = await rejection(verifyCode(server.db, keys, key, code))
    expect(reuse.code).toBe(2001)
  })

  it('only confirms the subject and purpose it was sent for', async () => {
    const key = freshKey()
    const { code } = await issueCode(server.db, keys, key)
    const other = freshKey()
    const { code: otherCode } = await issueCode(server.db, keys, other)
    // One time in a million both codes are the same digits; then there is nothing to tell apart.
    if (otherCode !== code) {
      expect((await rejection(verifyCode(server.db, keys, other, code))).code).toBe(2001)
    }
    await verifyCode(server.db, keys, key, code)
  })

  it('counts down attempts with 2001 and ends with 2002', async () => {
    const key = freshKey()
    const { code } = await issueCode(server.db, keys, key)
    for (let left = CODE_MAX_ATTEMPTS - 1; left > 0; left -= 1) {
      const error = await rejection(verifyCode(server.db, keys, key, wrongCodeFor(code)))
      expect(error.statusCode).toBe(422)
      expect(error.code).toBe(2001)
      expect(error.message).toBe('invalid confirmation code')
      expect(error.details?.attempts_left).toBe(left)
    }
    const last = await rejection(verifyCode(server.db, keys, key, wrongCodeFor(code)))
    expect(last.code).toBe(2002)
    // Even the right code is refused once the attempts are gone.
    const after = await rejection(verifyCode(server.db, keys, key, code))
    expect(after.code).toBe(2002)
    expect(after.message).toBe('limit exceeded')
  })

  it('evaluates 50 parallel wrong guesses no more often than the attempt limit allows', async () => {
    const key = freshKey()
    const { code } = await issueCode(server.db, keys, key)
    const errors = await Promise.all(
      Array.from({ length: 50 }, () => rejection(verifyCode(server.db, keys, key, wrongCodeFor(code)))),
    )
    const evaluated = errors.filter((error) => error.code === 2001).length
    expect(evaluated).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS)
    expect(errors.filter((error) => error.code === 2002).length).toBeGreaterThanOrEqual(
      50 - CODE_MAX_ATTEMPTS,
    )
    expect((await codeStatus(server.db, key))?.attempts_left).toBe(0)
  })

  it('lets one of many parallel right answers through', async () => {
    const key = freshKey()
    const { code } = await issueCode(server.db, keys, key)
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => verifyCode(server.db, keys, key, code)),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
  })

  it('refuses a resend inside the wait with 1001, and a resend afterwards replaces the code', async () => {
    const key = freshKey()
    const start = new Date()
    const first = await issueCode(server.db, keys, key, {}, start)
    const tooSoon = await rejection(issueCode(server.db, keys, key, {}, new Date(start.getTime() + 5_000)))
    expect(tooSoon.statusCode).toBe(429)
    expect(tooSoon.code).toBe(1001)
    expect(tooSoon.details?.wait_period).toBe(55)

    const later = new Date(start.getTime() + 61_000)
    const second = await issueCode(server.db, keys, key, {}, later)
    if (second.code !== first.code) {
      expect((await rejection(verifyCode(server.db, keys, key, first.code, later))).code).toBe(2001)
    }
    await verifyCode(server.db, keys, key, second.code, later)
  })

  it('expires after 10 minutes', async () => {
    const key = freshKey()
    const start = new Date()
    const { code } = await issueCode(server.db, keys, key, {}, start)
    const expired = await rejection(
      verifyCode(server.db, keys, key, code, new Date(start.getTime() + 600_001)),
    )
    expect(expired.code).toBe(2001)
  })
})
