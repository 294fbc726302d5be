// Builds the app (dist/) and the compiled server (dist-server/) when either is missing or older than any of its
// sources, so that `npm start` on a fresh clone (or after a pull) always serves what the sources say.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { CLIENT_BUILD, SERVER_BUILD } from './build-inputs.mjs'
import { buildServer } from './build-server.mjs'

const builds = [
  {
    what: 'the app',
    ...CLIENT_BUILD,
    build: () =>
      // A production build whoever asks: under vitest (NODE_ENV=test) Vite would otherwise build with
      // import.meta.env.DEV true, and the built app would open the development-only /flows to everyone.
      execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'production' },
      }),
  },
  { what: 'the server', ...SERVER_BUILD, build: () => buildServer() },
]

function newestModification(path) {
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)))
  return newest
}

for (const { what, output, sources, build } of builds) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0
  const sourcesAt = Math.max(...sources.filter((path) => existsSync(path)).map(newestModification))
  if (builtAt < sourcesAt) {
    console.log(
      builtAt === 0 ? `Building ${what}…` : `Sources of ${what} changed since the last build; rebuilding…`,
    )
    await build()
  }
}
