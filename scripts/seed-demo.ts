import { loadConfig } from '../server/config'
import { createDb } from '../server/db/create-db'
import { DEMO_ACCOUNTS, seedDemo } from '../server/seed/demo'

// Adds the demo companies and accounts to the configured database (DATABASE_URL or DATA_DIR), if missing.
const config = loadConfig(process.env)
const { db, close } = await createDb(config)
try {
  const { seeded } = await seedDemo(db)
  console.log(seeded ? 'Demo data created:' : 'Demo data already present:')
  for (const account of DEMO_ACCOUNTS)
    console.log(`  ${account.email} / ${account.password}  (${account.company})`)
} finally {
  await close()
}
