/**
 * The keys that protect data at rest: sealed authenticator-app secrets and the HMACs of one-time codes and
 * recovery codes. They are separate from JWT_SECRET, so that rotating the token signing key signs people out
 * but breaks nobody's second factor.
 *
 * Rotation (docs/security.md): the new key becomes `current` and the old one `previous`. Everything is written
 * under `current`; reads try `current`, then `previous`; a sealed secret opened with `previous` is sealed again
 * under `current` when it is next used, and `npm run reseal` does it for all at once.
 */
export interface DataKeys {
  current: string
  previous: string | null
}

/** The keys to try when reading, newest first. */
export function readingKeys(keys: DataKeys): string[] {
  return keys.previous === null ? [keys.current] : [keys.current, keys.previous]
}
