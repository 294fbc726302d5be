// npm run bench [-- --quick]
//
// Measures our server and build against the floor each of them stands on, side by side in one run, and prints
// the ratios. Not part of npm test: figures depend on the machine, so they are read by people (see
// docs/performance.md), never asserted.
import { cpus, loadavg } from 'node:os'
import { relative } from 'node:path'
import { startBenchServer, type BenchServer } from './bench-server'
import { measureBundle, type BundleFigures } from './bundle-size'
import type { Comparison, SideResult } from './compare'
import { benchAppointmentsWeek } from './appointments-week'
import { benchBookRender } from './book-render'
import { benchDbRead } from './db-read'
import { benchHttpOverhead } from './http-overhead'
import { readCeiling } from './read-ceiling'
import { benchReadScaling } from './read-scaling'
import { LoadGenerator } from './load'
import { FULL, QUICK } from './settings'
import { benchServicesList } from './services-list'
import { benchServicesRender } from './services-render'
import { benchSignIn } from './sign-in'
import { benchSigninScripts, type SigninScriptFigures } from './signin-scripts'

const settings = process.argv.includes('--quick') ? QUICK : FULL
/** `--server`: only the HTTP and database comparisons (no build, no Chromium), for measuring server changes. */
const serverOnly = process.argv.includes('--server')
const log = (line: string) => process.stderr.write(`  ${line}\n`)

/** What must be undone however the run ends: servers closed, the temporary PostgreSQL database dropped. */
const cleanups: (() => Promise<void>)[] = []
async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()!()
    } catch (error) {
      console.error('cleanup failed:', error)
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: cleaning up`)
    void cleanUp().then(() => process.exit(130))
  })
}

async function withServer<T>(
  kind: BenchServer['kind'],
  body: (server: BenchServer) => Promise<T>,
): Promise<T> {
  log(`starting the app on ${kind === 'pglite' ? 'in-memory PGlite' : 'a temporary PostgreSQL database'}`)
  const server = await startBenchServer(kind)
  const close = () => server.close()
  cleanups.push(close)
  try {
    return await body(server)
  } finally {
    cleanups.splice(cleanups.indexOf(close), 1)
    await close()
  }
}

const number = (value: number) =>
  value >= 100 ? Math.round(value).toLocaleString('en-US') : value.toPrecision(3)
const oneMinuteLoad = () => loadavg()[0]!.toFixed(2)
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

function side(result: SideResult): string {
  const spread = `${number(result.min)}–${number(result.max)}`
  const failed = result.failures > 0 ? ` **${result.failures} failed: ${result.firstFailure}**` : ''
  return `${result.label}: **${number(result.median)} ${result.unit}** (${spread})${failed}`
}

function table(
  comparisons: Comparison[],
  bundle: BundleFigures | undefined,
  signin: SigninScriptFigures | undefined,
): string {
  const rows = comparisons.map(
    (comparison, index) =>
      `| ${index + 1}. ${comparison.title} | ${side(comparison.baseline)} | ${side(comparison.subject)} | ${comparison.ratio.toFixed(2)} |`,
  )
  const header = [
    '| Comparison | Baseline (median, min–max) | Subject (median, min–max) | Ratio subject/baseline |',
    '| --- | --- | --- | --- |',
  ]
  if (!bundle || !signin) return [...header, ...rows].join('\n')
  const files = (list: readonly unknown[]) => `${list.length} file${list.length === 1 ? '' : 's'}`
  rows.push(
    `| ${comparisons.length + 1}. JS for /signin (gzip -9) | all dist/assets/*.js: **${kB(bundle.allGzip)}** ` +
      `(${kB(bundle.allBytes)} raw, ${files(bundle.allFiles)}) | /signin: **${kB(bundle.signinGzip)}** ` +
      `(${kB(bundle.signinBytes)} raw, ${files(bundle.signinFiles)}) | ${bundle.ratio.toFixed(2)} |`,
  )
  const encodings = [...new Set(signin.scripts.map((script) => script.encoding))].join(', ')
  rows.push(
    `| ${comparisons.length + 2}. JS that /en/signin loads (Chromium, real server) | uncompressed: ` +
      `**${kB(signin.decoded)}** (${files(signin.scripts)}; ${(signin.share * 100).toFixed(0)} % of all ` +
      `${kB(signin.allBytes)} of JS) | sent: **${kB(signin.sent)}** (${encodings}) | ` +
      `${(signin.sent / signin.decoded).toFixed(2)} |`,
  )
  return [...header, ...rows].join('\n')
}

async function main(): Promise<void> {
  const started = performance.now()
  const startLoad = oneMinuteLoad()
  const databases = process.env.DATABASE_URL
    ? 'PGlite and PostgreSQL'
    : 'PGlite (set DATABASE_URL for PostgreSQL too)'
  console.error(
    `Benchmarks: ${settings.rounds} alternating rounds per comparison, ${settings.httpConcurrency} in flight ` +
      `for HTTP/DB, ${settings.signInConcurrency} for sign-in; ${databases}.`,
  )

  let bundle: BundleFigures | undefined
  let signin: SigninScriptFigures | undefined
  if (!serverOnly) {
    log('measuring the build (dist/)')
    bundle = measureBundle()
    if (bundle.built) log('dist/ was missing and has been built')
    log('loading /en/signin in Chromium')
    signin = await benchSigninScripts()
  }

  const load = await LoadGenerator.start()
  cleanups.push(() => load.close())

  const comparisons: Comparison[] = []
  /** Where PostgreSQL's authenticated reads go: right after PGlite's. */
  let afterReads = 0
  /** Comparison 1 and the authenticated reads at the usual concurrency, for the read's ceiling. */
  let httpOverhead: Comparison | undefined
  const reads: Comparison[] = []
  let pgliteSignIn: Comparison | undefined
  await withServer('pglite', async (server) => {
    httpOverhead = await benchHttpOverhead(load, server, settings, log)
    comparisons.push(httpOverhead)
    reads.push(await benchDbRead(load, server, settings, log))
    comparisons.push(reads[0]!)
    comparisons.push(...(await benchReadScaling(load, server, settings, log)))
    afterReads = comparisons.length
    pgliteSignIn = await benchSignIn(load, server, settings, log)
    comparisons.push(pgliteSignIn)
    comparisons.push(await benchAppointmentsWeek(load, server, settings, log))
    comparisons.push(...(await benchServicesList(load, server, settings, log)))
  })
  if (!serverOnly) {
    log('rendering the service list in Chromium (20 and 2,000 services)')
    comparisons.push(await benchServicesRender(settings, log))
    log("rendering the book's day in Chromium (20 staff, a week of 2,000 appointments)")
    comparisons.push(await benchBookRender(settings, log))
  }
  if (process.env.DATABASE_URL) {
    await withServer('postgres', async (server) => {
      const postgresReads = [await benchDbRead(load, server, settings, log)]
      reads.push(postgresReads[0]!)
      postgresReads.push(...(await benchReadScaling(load, server, settings, log)))
      comparisons.splice(afterReads, 0, ...postgresReads)
      // PostgreSQL's sign-in goes right after PGlite's.
      const signIn = await benchSignIn(load, server, settings, log)
      comparisons.splice(comparisons.indexOf(pgliteSignIn!) + 1, 0, signIn)
      comparisons.push(await benchAppointmentsWeek(load, server, settings, log))
      comparisons.push(...(await benchServicesList(load, server, settings, log)))
    })
  }

  const seconds = ((performance.now() - started) / 1000).toFixed(0)
  console.log('')
  console.log(
    `Node ${process.version}, ${cpus().length} CPU${cpus().length === 1 ? '' : 's'} (${cpus()[0]?.model.trim() ?? 'unknown'}), ${seconds} s` +
      (settings === QUICK ? ', --quick' : '') +
      // The machine may be shared: the load says how much else was running beside the benchmark.
      `; load average (1 min) ${startLoad} at the start, ${oneMinuteLoad()} at the end`,
  )
  console.log('')
  console.log(table(comparisons, bundle, signin))
  console.log('')
  if (httpOverhead)
    console.log(
      `The authenticated read's ceiling here (an endpoint doing only /health's HTTP exchange and the select): ` +
        reads
          .map(
            (read) =>
              `${read.title.replace(/^Authenticated read \((.*)\)$/, '$1')} ${readCeiling(httpOverhead!, read).toFixed(2)}`,
          )
          .join(', '),
    )
  if (bundle)
    console.log(
      `/signin loads: ${bundle.signinFiles.map((file) => relative(process.cwd(), file)).join(', ') || 'nothing'}`,
    )
  const failed = comparisons.filter((c) => c.baseline.failures + c.subject.failures > 0)
  if (failed.length > 0) {
    console.log(
      `\nWARNING: requests failed in ${failed.map((c) => c.title).join(', ')}; those figures are not valid.`,
    )
  }
}

let exitCode = 0
try {
  await main()
} catch (error) {
  console.error(error)
  exitCode = 1
} finally {
  await cleanUp()
}
process.exit(exitCode)
