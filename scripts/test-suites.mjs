// Runs the checks and test projects of `npm test` in two phases of two lanes each, every script in a process of its
// own: first the type check beside the licence check and the lint, then the unit suites followed by the Chromium
// journeys beside the server suites. Vitest gives the unit and server projects one worker each on a two-core
// machine, and tsc, ESLint and Prettier use one core each, so one after another leaves a core idle for most of
// the run; the journeys (three files at a time, mostly waiting for pages and replies) start when the unit suites
// end and share the machine with the server suites' last minutes. The projects share nothing: the server suites
// make a database of their own per file, the journeys a server and a PGlite folder of their own. A failing phase
// stops the run (the tests do not start over a type error); the run fails if any script fails.
// `--serial` runs everything one after another, stopping at the first failure (for a machine that is busy already).
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
const phases = serial
  ? [[['licences', 'typecheck', 'lint', 'test:unit', 'test:server', 'test:e2e']]]
  : [
      [['typecheck'], ['licences', 'lint']],
      [['test:unit', 'test:e2e'], ['test:server']],
    ]
for (const lanes of phases) {
  const failed = (await Promise.all(lanes.map(lane))).find((code) => code !== 0)
  if (failed !== undefined) process.exit(failed)
}
process.exit(0)
