import { hash, verify, type Options } from '@node-rs/argon2'

/** OWASP's recommended argon2id parameters (DESIGN.md, "Server"). */
const ARGON2_OPTIONS: Options = {
  // Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
}

/** Hashes a password for storage; the result embeds its salt and parameters. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

/** True when the password matches the stored hash; a malformed hash counts as a mismatch. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password, ARGON2_OPTIONS)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined

/**
 * Spends the same work as a real verification when the account does not exist, so that response time does not
 * tell an attacker which logins are registered. The dummy hash is computed once per process.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that never matches anything')
  await verifyPassword(await dummyHash, password)
  return false
}
