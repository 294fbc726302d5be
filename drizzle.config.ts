import { defineConfig } from 'drizzle-kit'

// Migrations are generated from the one schema and applied by createDb() at start, for PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
})
