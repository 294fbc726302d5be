import { fileURLToPath } from 'node:url'

// Every file the server reads by path at run time is found from here. This module sits directly in server/, and
// the compiled server (dist-server/main.mjs, one bundle in which import.meta.url is the bundle's own address)
// directly in dist-server/: both one folder below the project root. scripts/build-server.mjs copies what the
// server reads from server/ into dist-server/ under the same relative path, so one relative path serves both the
// sources (tsx: development and tests) and the bundle (production). Moving this module breaks that; the bundle's
// test (test/server/compiled-server.test.ts) would fail.
const besideServer = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** The Drizzle migrations: server/db/migrations, copied to dist-server/db/migrations by the build. */
export const MIGRATIONS_DIR = besideServer('./db/migrations')

/** The built client (Vite's output), dist/ at the project root, whatever the working directory. */
export const CLIENT_DIST_DIR = besideServer('../dist')

/** The place data (cities and states from GeoNames): server/references/data, copied the same way. */
export const PLACES_DATA_DIR = besideServer('./references/data')

/** The server's translation catalogs (server/i18n/catalogs/<lang>.po, written by `npm run i18n:extract`), copied the same way. */
export const SERVER_CATALOGS_DIR = besideServer('./i18n/catalogs')
