import { execFileSync } from 'node:child_process'

/**
 * Global setup of the journeys: builds the app and the compiled server when either is older than its sources,
 * once and before any journey starts a server (several run at once, and none may find a half-written build).
 */
export default function buildIfStale(): void {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' })
}
