// Runs the test projects of `npm test` in two lanes at once, each in its own process: the unit suites and then the
// Chromium journeys in one, the server suites in the other. Vitest gives the unit and server projects one worker
// each on a two-core machine, so one after another leaves a core idle for ten minutes; the journeys (three files
// at a time, mostly waiting for pages and replies) start when the unit suites end and share the machine with the
// server suites' last minutes. The projects share nothing: the server suites make a database of their own per
// file, the journeys a server and a PGlite folder of their own. The run fails if any project fails.
// `--serial` runs the three one after another, stopping at the first failure (for a machine that is busy already).
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
  : await Promise.all([lane(['test:unit', 'test:e2e']), lane(['test:server'])])
const failed = codes.find((code) => code !== 0)
process.exit(failed ?? 0)
