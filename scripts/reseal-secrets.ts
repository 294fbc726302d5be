import { resealSecrets } from '../server/auth/reseal-secrets'
import { loadConfig } from '../server/config'
import { createDb } from '../server/db/create-db'

// Step two of a data key rotation (docs/security.md): run with the new DATA_ENCRYPTION_KEY and the old one in
// DATA_ENCRYPTION_KEY_PREVIOUS, then drop the previous key once "unreadable" is 0.
const config = loadConfig(process.env)
const { db, close } = await createDb(config)
try {
  const counts = await resealSecrets(db, config.DATA_KEYS)
  console.log(
    `Authenticator-app secrets: ${counts.resealed} sealed again under the current key, ` +
      `${counts.current} already under it, ${counts.unreadable} readable under neither key.`,
  )
} finally {
  await close()
}
