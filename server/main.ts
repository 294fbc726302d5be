import { buildApp } from './app'
import { loadCommonPasswords } from './auth/common-passwords'
import { loadConfig, type Config } from './config'
import { createDb } from './db/create-db'
import { loadPlaces } from './references/places-load'
import { databaseHasNoUsers, DEMO_ACCOUNTS, demoAccountExists, seedDemo } from './seed/demo'
import { installGracefulShutdown } from './shutdown'

/** Starts the server: configuration, database (migrated), demo data in development, HTTP. */
async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig(process.env)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }

  const { db, close } = await createDb(config)
  // Cities and states live in the database; the first start (and the first after a data update) loads them.
  const places = await loadPlaces(db)
  if (places.loaded)
    console.log(`Loaded the place data (${places.keys} search keys) in ${places.milliseconds} ms`)
  const development = config.NODE_ENV !== 'production'
  // Demo data only ever goes into an empty development database, never next to real accounts.
  if (development && (await databaseHasNoUsers(db))) await seedDemo(db)
  const showDemoAccounts = development && (await demoAccountExists(db))

  const app = await buildApp({ config, db })
  installGracefulShutdown(app, close, { drainDelayMs: config.SHUTDOWN_DRAIN_DELAY_MS })
  await app.listen({ port: config.PORT, host: config.HOST })
  loadCommonPasswords()

  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  console.log(`Salon app: http://localhost:${port}`)
  if (showDemoAccounts) {
    for (const account of DEMO_ACCOUNTS) {
      console.log(`  ${account.email} / ${account.password}  (${account.company})`)
    }
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
