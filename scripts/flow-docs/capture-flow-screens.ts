import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { repositoryRoot } from './discover-machines'

// `npm run docs:flow-screens [-- sign-in two-factor]`: runs the browser-level model suites
// (test/e2e/*.model-paths.test.ts, or the named ones) with FLOW_SCREENS=1, so that each photographs the screen
// states its journeys reach into docs/flows/screens/<machine>/ (test/support/flow-screens-capture.ts). Then run
// `npm run docs:flows` so the review pages link the new screenshots.
const names = process.argv.slice(2)
const suites = readdirSync(join(repositoryRoot, 'test', 'e2e'))
  .filter((file) => file.endsWith('.model-paths.test.ts'))
  .filter((file) => names.length === 0 || names.some((name) => file.startsWith(`${name}.`)))
  .map((file) => `test/e2e/${file}`)
if (suites.length === 0) {
  console.error(`No browser model suite matches ${names.join(', ')}`)
  process.exit(1)
}
const started = Date.now()
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const child = spawn(npm, ['run', 'test:e2e', '--', ...suites], {
  stdio: 'inherit',
  env: { ...process.env, FLOW_SCREENS: '1' },
})
child.on('exit', (code, signal) => {
  console.log(`docs:flow-screens: ${suites.length} suites in ${Math.round((Date.now() - started) / 1000)} s`)
  process.exit(code ?? (signal ? 1 : 0))
})
