import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { readingKeys, type DataKeys } from './data-keys'

/**
 * Seals small secrets (authenticator-app keys) with AES-256-GCM under a key derived from the data key, so a copy
 * of the database alone does not give away anyone's second factor.
 */
function aesKeyFor(dataKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', dataKey, 'salon', 'totp-secret-seal', 32))
}

export function seal(keys: DataKeys, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', aesKeyFor(keys.current), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')
}

/** The sealed value and whether it was sealed under the previous key (seal it again), or null when unreadable. */
export function unsealWithAge(
  keys: DataKeys,
  sealed: string,
): { plain: string; underPreviousKey: boolean } | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !tag || !body) return null
  for (const [index, key] of readingKeys(keys).entries()) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', aesKeyFor(key), iv)
      decipher.setAuthTag(tag)
      const plain = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
      return { plain, underPreviousKey: index > 0 }
    } catch {
      // Sealed under another key or tampered with: try the next key.
    }
  }
  return null
}

/** The sealed value, or null when it was sealed under neither data key or tampered with. */
export function unseal(keys: DataKeys, sealed: string): string | null {
  return unsealWithAge(keys, sealed)?.plain ?? null
}
