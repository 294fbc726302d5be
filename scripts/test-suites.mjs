// Runs the three test projects of `npm test` at once, each in its own process: Vitest gives a project one
// worker on a two-core machine, so one after another leaves a core idle, and the Chromium journeys mostly wait
// (for a resend minute, a token's life, a page). The projects share nothing: the server suites make a database
// of their own per file, the journeys a server and a PGlite folder of their own. The run fails if any project
// fails. `--serial` (what `npm test` uses, the safer on a loaded machine) runs them one after another, stopping
// at the first failure.
import { spawn } from 'node:child_process'

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

/** Runs npm scripts in order, each inheriting the terminal; resolves with the first non-zero exit code, or 0. */
function lane(scripts) {
  return scripts.reduce(
    (previous, script) =>
      previous.then((code) =>
        code !== 0
          ? code
          : new Promise((resolve) => {
              const child = spawn(npm, ['run', script], { stdio: 'inherit' })
              child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)))
            }),
      ),
    Promise.resolve(0),
  )
}

const serial = process.argv.includes('--serial')
const codes = serial
  ? [await lane(['test:unit', 'test:server', 'test:e2e'])]
  : await Promise.all([lane(['test:unit']), lane(['test:server']), lane(['test:e2e'])])
const failed = codes.find((code) => code !== 0)
process.exit(failed ?? 0)
