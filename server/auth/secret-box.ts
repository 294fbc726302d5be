import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Seals small secrets (authenticator-app keys) with AES-256-GCM under a key derived from the server secret, so
 * a copy of the database alone does not give away anyone's second factor. Changing JWT_SECRET makes sealed
 * secrets unreadable: those users set their app up again.
 */
function keyFor(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'salon', 'totp-secret-seal', 32))
}

export function seal(serverSecret: string, plain: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFor(serverSecret), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')
}

/** The sealed value, or null when it was sealed under another key or tampered with. */
export function unseal(serverSecret: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !tag || !body) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(serverSecret), iv)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
