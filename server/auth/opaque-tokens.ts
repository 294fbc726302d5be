import { createHash, randomBytes } from 'node:crypto'

/** 32 random bytes (256 bits), base64url: links and one-time tokens nobody can guess. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

/** SHA-256 hex of a high-entropy token: enough for lookups, and a leaked table yields no usable token. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
