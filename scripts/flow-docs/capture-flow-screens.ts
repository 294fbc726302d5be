import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { flowScreenLanguages } from '../../src/flow-graph/flow-screens'
import { repositoryRoot } from './discover-machines'

// `npm run docs:flow-screens [-- --machine onboarding --machine sign-in] [--lang ru]`: runs the Chromium suites
// that photograph screen states (the browser-level model suites, test/e2e/*.model-paths.test.ts, and the journeys
// that call test/support/journey-flow-screens.ts or, for a machine the app runs no actor of, the capture of
// test/support/flow-screens-capture.ts itself), or those of the named flows, with FLOW_SCREENS=1, so that each
// photographs the screen states its journeys reach into docs/flows/screens/<machine>/
// (test/support/flow-screens-capture.ts), in every language or the one named. Bare names work as --machine.
// Then run `npm run docs:flows` so the review pages link the new screenshots.
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { machine: { type: 'string', multiple: true }, lang: { type: 'string', multiple: true } },
})
const names = [...(values.machine ?? []), ...positionals]
const languages = values.lang ?? []
const unknown = languages.filter((language) => !(flowScreenLanguages as readonly string[]).includes(language))
if (unknown.length > 0) {
  console.error(
    `No screenshots are taken in ${unknown.join(', ')}; the languages are ${flowScreenLanguages.join(', ')}`,
  )
  process.exit(1)
}

const e2eFolder = join(repositoryRoot, 'test', 'e2e')
const photographs = (file: string) =>
  file.endsWith('.model-paths.test.ts') ||
  (file.endsWith('.test.ts') &&
    /journey-flow-screens|createFlowScreensCapture/.test(readFileSync(join(e2eFolder, file), 'utf8')))
/** `onboarding` names onboarding-journeys.test.ts, `sign-in` sign-in.model-paths.test.ts. */
const named = (file: string) =>
  names.length === 0 ||
  names.some((name) => file.startsWith(`${name}.`) || file.startsWith(`${name}-journeys.`))
const suites = readdirSync(e2eFolder)
  .filter((file) => photographs(file) && named(file))
  .map((file) => `test/e2e/${file}`)
if (suites.length === 0) {
  console.error(`No Chromium suite photographs ${names.join(', ')}`)
  process.exit(1)
}
const started = Date.now()
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const child = spawn(npm, ['run', 'test:e2e', '--', ...suites], {
  stdio: 'inherit',
  env: {
    ...process.env,
    FLOW_SCREENS: '1',
    ...(languages.length > 0 ? { FLOW_SCREENS_LANGUAGES: languages.join(',') } : {}),
  },
})
child.on('exit', (code, signal) => {
  const seconds = Math.round((Date.now() - started) / 1000)
  console.log(`docs:flow-screens: ${suites.join(', ')} in ${seconds} s`)
  process.exit(code ?? (signal ? 1 : 0))
})
