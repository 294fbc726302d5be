import { execFileSync } from 'node:child_process'
import { mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname } from 'node:path'
import { DATA_TEMPLATE_DIR, startServer } from './e2e-server'

/**
 * Global setup of the journeys: builds the app and the compiled server when either is older than its sources,
 * once and before any journey starts a server (several run at once, and none may find a half-written build);
 * then lets that server initialise one data folder, which every journey's server starts from a copy of.
 */
export default async function buildIfStale(): Promise<void> {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' })
  rmSync(DATA_TEMPLATE_DIR, { recursive: true, force: true })
  // A folder of this run's own: two runs at once (worktrees sharing node_modules) must not write into one.
  const writing = `${DATA_TEMPLATE_DIR}.writing-${process.pid}`
  rmSync(writing, { recursive: true, force: true })
  mkdirSync(dirname(writing), { recursive: true })
  mkdirSync(writing)
  const server = await startServer({}, { dataDir: writing })
  const exitCode = await server.stop()
  if (exitCode !== 0) throw new Error(`the template server stopped with ${exitCode}:\n${server.output()}`)
  try {
    renameSync(writing, DATA_TEMPLATE_DIR)
  } catch {
    // Another run has just put its template in place, made from the same seed: use that one.
    rmSync(writing, { recursive: true, force: true })
  }
}
