// npm run bench:cold-start [-- --runs 3]
//
// How long a server process takes from its start to the first 200 of GET /api/v1/health/ready: the compiled
// server (what `npm start` and the Docker image run) against the sources under tsx (what `npm start` ran before),
// on an empty data folder (initdb, migrations, the demo seed) and on one that a previous start filled (a
// restart), and how long loading the code alone takes (a start refused at once for a bad PORT). Runs alternate between the variants so that a slow spell of the machine falls on all of them. Not
// part of npm test; the figures are read by people (docs/deployment.md).
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { startServerProcess } from '../../scripts/instances/server-process'

interface Variant {
  label: string
  args: string[]
  env?: Record<string, string>
}

const VARIANTS: Variant[] = [
  {
    label: 'compiled, `node --enable-source-maps dist-server/main.mjs`',
    args: ['--enable-source-maps', 'dist-server/main.mjs'],
  },
  { label: 'compiled, `node dist-server/main.mjs`', args: ['dist-server/main.mjs'] },
  {
    label: 'tsx, `node --import tsx server/main.ts` (tsx cache warm)',
    args: ['--import', 'tsx', 'server/main.ts'],
  },
  {
    label: 'tsx, cache off (`TSX_DISABLE_CACHE=1`, as in a fresh container)',
    args: ['--import', 'tsx', 'server/main.ts'],
    env: { TSX_DISABLE_CACHE: '1' },
  },
]

const runsArgument = process.argv.indexOf('--runs')
const RUNS = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : 3

/** Starts a server on `dataDir`, returns the milliseconds until readiness answered 200, then stops it. */
async function timeToReady(variant: Variant, dataDir: string): Promise<number> {
  const started = performance.now()
  const server = await startServerProcess(
    { NODE_ENV: 'development', DATABASE_URL: '', DATA_DIR: dataDir, ...variant.env },
    { args: variant.args, readyPath: '/api/v1/health/ready', pollMs: 20 },
  )
  const ready = performance.now() - started
  server.child.kill('SIGTERM')
  await server.exited
  return ready
}

/** Milliseconds from the start until the process exits, refused for a bad PORT: loading the code and nothing more. */
async function timeToLoad(variant: Variant): Promise<number> {
  const { NODE_OPTIONS: _loaderOptions, ...environment } = process.env
  const started = performance.now()
  const child = spawn(process.execPath, variant.args, {
    env: { ...environment, PORT: 'not-a-port', ...variant.env },
    stdio: 'ignore',
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 1) throw new Error(`${variant.label} exited with ${code}, not 1, on a bad PORT`)
  return performance.now() - started
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const seconds = (ms: number) => (ms / 1000).toFixed(2)

if (!existsSync('dist-server/main.mjs')) throw new Error('Build the server first: npm run build:server')

const load = (): string =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(', ')
process.stderr.write(`  load average at the start: ${load()}\n`)
const loading = new Map<Variant, number[]>(VARIANTS.map((variant) => [variant, []]))
const firstStart = new Map<Variant, number[]>(VARIANTS.map((variant) => [variant, []]))
const restart = new Map<Variant, number[]>(VARIANTS.map((variant) => [variant, []]))
for (let run = 0; run < RUNS; run++) {
  const order = run % 2 === 0 ? VARIANTS : [...VARIANTS].reverse()
  for (const variant of order) {
    const dataDir = mkdtempSync(join(tmpdir(), 'salon-cold-start-'))
    try {
      loading.get(variant)!.push(await timeToLoad(variant))
      firstStart.get(variant)!.push(await timeToReady(variant, dataDir))
      restart.get(variant)!.push(await timeToReady(variant, dataDir))
      process.stderr.write(`  run ${run + 1}: ${variant.label} done\n`)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

process.stderr.write(`  load average at the end: ${load()}\n`)

const cell = (values: number[]) => `**${seconds(median(values))} s** (${values.map(seconds).join(', ')})`
console.log(
  `| Server (${RUNS} runs each; median (runs)) | Loading the code | Ready, empty data folder | Ready, restart |`,
)
console.log('| --- | --- | --- | --- |')
for (const variant of VARIANTS) {
  const cells = [loading, firstStart, restart].map((figures) => cell(figures.get(variant)!))
  console.log(`| ${variant.label} | ${cells.join(' | ')} |`)
}
