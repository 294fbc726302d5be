import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { resealSecrets } from '../../server/auth/reseal-secrets'
import { seal, unseal, unsealWithAge } from '../../server/auth/secret-box'
import { issueCode, verifyCode } from '../../server/codes/confirmation-codes'
import { loadConfig } from '../../server/config'
import { userSecurity, users } from '../../server/db/schema'
import { HttpError } from '../../server/http/http-error'
import { replaceRecoveryCodes, useRecoveryCode } from '../../server/twofa/recovery-codes'
import { DEMO, testDatabases, useTestServer } from '../support/server-harness'

const OLD = 'old-data-key-0123456789-0123456789-abcdef'
const NEW = 'new-data-key-0123456789-0123456789-abcdef'
const beforeRotation = { current: OLD, previous: null }
const duringRotation = { current: NEW, previous: OLD }
const afterRotation = { current: NEW, previous: null }

describe.each(testDatabases())('data key rotation (%s)', (kind) => {
  const server = useTestServer(kind)
  const demoUserId = async () =>
    (await server.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.email)))[0]!.id

  it('keeps a code sent before the rotation valid while the old key is the previous one', async () => {
    const key = { purpose: 'rotation', subject: 'one' }
    const { code } = await issueCode(server.db, beforeRotation, key)
    await expect(verifyCode(server.db, duringRotation, key, code)).resolves.toBeUndefined()

    const dropped = { purpose: 'rotation', subject: 'two' }
    const sent = await issueCode(server.db, beforeRotation, dropped)
    await expect(verifyCode(server.db, afterRotation, dropped, sent.code)).rejects.toBeInstanceOf(HttpError)
  })

  it('keeps recovery codes made before the rotation usable, once each', async () => {
    const userId = await demoUserId()
    const [first, second] = await replaceRecoveryCodes(server.db, beforeRotation, userId)
    expect(await useRecoveryCode(server.db, duringRotation, userId, first!)).toBe(true)
    expect(await useRecoveryCode(server.db, duringRotation, userId, first!)).toBe(false)
    expect(await useRecoveryCode(server.db, afterRotation, userId, second!)).toBe(false)
  })

  it('opens authenticator secrets under either key, and reseal moves them to the new one', async () => {
    const sealed = seal(beforeRotation, 'JBSWY3DPEHPK3PXP')
    expect(unseal(afterRotation, sealed)).toBeNull()
    expect(unsealWithAge(duringRotation, sealed)).toEqual({
      plain: 'JBSWY3DPEHPK3PXP',
      underPreviousKey: true,
    })

    const userId = await demoUserId()
    await server.db
      .insert(userSecurity)
      .values({ userId, twoFactor: 'totp', totpSecretSealed: sealed })
      .onConflictDoUpdate({ target: userSecurity.userId, set: { totpSecretSealed: sealed } })
    expect(await resealSecrets(server.db, duringRotation)).toMatchObject({ resealed: 1, unreadable: 0 })
    const [row] = await server.db.select().from(userSecurity).where(eq(userSecurity.userId, userId))
    expect(unseal(afterRotation, row!.totpSecretSealed!)).toBe('JBSWY3DPEHPK3PXP')
    expect(await resealSecrets(server.db, afterRotation)).toMatchObject({ resealed: 0, current: 1 })
  })

  it('takes the data key from DATA_ENCRYPTION_KEY, apart from the token signing key', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'jwt-secret-0123456789-0123456789-abcdef',
      DATA_ENCRYPTION_KEY: NEW,
      DATA_ENCRYPTION_KEY_PREVIOUS: OLD,
    })
    expect(config.DATA_KEYS).toEqual(duringRotation)
    // Rotating JWT_SECRET alone leaves what was sealed readable.
    const sealed = seal(config.DATA_KEYS, 'secret')
    const rotatedJwt = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'another-jwt-secret-0123456789-0123456789',
      DATA_ENCRYPTION_KEY: NEW,
    })
    expect(unseal(rotatedJwt.DATA_KEYS, sealed)).toBe('secret')
  })
})
