// Builds the app when dist/ is missing or older than any of its sources, so that `npm start`
// on a fresh clone (or after a pull) always serves what the sources say.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const sources = [
  'src',
  'machines',
  'scripts/flow-docs',
  'docs/coverage',
  'locales',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
  'package.json',
]
const builtIndex = 'dist/index.html'

function newestModification(path) {
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = 0
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestModification(join(path, entry)))
  return newest
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0
const sourcesAt = Math.max(...sources.filter((path) => existsSync(path)).map(newestModification))

if (builtAt < sourcesAt) {
  console.log(builtAt === 0 ? 'Building the app…' : 'Sources changed since the last build; rebuilding…')
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  })
}
