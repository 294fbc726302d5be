// npm run bench:lighthouse [-- --base http://127.0.0.1:8102] [--against http://127.0.0.1:8103] [--runs 3] [--save DIR]
//                              [--install] [path ...]
//
// Lighthouse 12 (mobile, its default simulated slow 4G and 4x CPU slowdown) on the first screens a visitor opens:
// the sign-in, the first onboarding step, the public booking page and, signed in as the demo owner, the services
// page of the workspace. Each page is measured `--runs` times (3 by default) and the median of each figure is printed, with
// the machine's load average when each run started: Lighthouse scales the processor time it observed, so other
// work on the machine makes its figures worse. Not part of npm test, and Lighthouse is not a dependency of the
// project: it is looked for in node_modules/.cache/lighthouse (or LIGHTHOUSE_BIN); `--install` puts it there,
// otherwise the script says how and stops. `--against ORIGIN` measures a second server (another build) in
// alternating order, run by run, so that a busy spell of the machine falls on both. See docs/performance.md,
// "The first screen".
import { execFile, execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { chromium } from 'playwright-core'
import { startBenchServer } from './bench-server'

const LIGHTHOUSE_VERSION = '12.2.3'
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking']
const DEMO = { login: 'demo@example.com', password: 'demo12345' }

/** The pages of issues 16 and 18; `signedIn` ones are opened with the demo owner's session. */
const DEFAULT_PAGES = ['/en/signin', '/en/onboarding/first', '/ru/b2c/1', '/en/company/1/services']
const signedInPage = (path: string) => /^\/(?:[\w-]+\/)?company\//.test(path)

const run = promisify(execFile)
const args = process.argv.slice(2)
const option = (name: string) => {
  const index = args.indexOf(name)
  return index >= 0 ? args.splice(index, 2)[1] : undefined
}
const flag = (name: string) => {
  const index = args.indexOf(name)
  return index >= 0 ? Boolean(args.splice(index, 1)) : false
}

const cacheDir = resolve('node_modules/.cache/lighthouse')
const bundledBin = join(cacheDir, 'node_modules/.bin/lighthouse')

/** The Lighthouse command line, installed into the cache on request; undefined when it is not there. */
function findLighthouse(install: boolean): string | undefined {
  if (process.env.LIGHTHOUSE_BIN) return process.env.LIGHTHOUSE_BIN
  if (!existsSync(bundledBin) && install) {
    console.error(`installing lighthouse@${LIGHTHOUSE_VERSION} into ${cacheDir}`)
    execFileSync(
      'npm',
      ['install', '--prefix', cacheDir, '--no-save', '-E', `lighthouse@${LIGHTHOUSE_VERSION}`],
      {
        stdio: 'inherit',
      },
    )
  }
  return existsSync(bundledBin) ? bundledBin : undefined
}

interface RunFigures {
  performance: number
  accessibility: number
  bestPractices: number
  seo: number
  fcp: number
  lcp: number
  tbt: number
  si: number
  cls: number
  /** Lighthouse's own estimate of the machine's speed at that moment (higher is faster). */
  benchmarkIndex: number
  /** The one-minute load average when the run started. */
  load: number
  /** Where the page ended: a redirect (to sign-in, say) would measure another page. */
  finalUrl: string
}

function figuresOf(report: string, load: number): RunFigures {
  const result = JSON.parse(report) as {
    finalDisplayedUrl: string
    categories: Record<string, { score: number }>
    audits: Record<string, { numericValue: number }>
    environment: { benchmarkIndex: number }
  }
  const score = (id: string) => Math.round(result.categories[id]!.score * 100)
  const value = (id: string) => result.audits[id]!.numericValue
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    si: value('speed-index'),
    cls: value('cumulative-layout-shift'),
    benchmarkIndex: Math.round(result.environment.benchmarkIndex),
    load,
    finalUrl: result.finalDisplayedUrl,
  }
}

const lighthouseArgs = (url: string) => [
  url,
  '--only-categories=performance,accessibility,best-practices,seo',
  '--output=json',
  '--output-path=stdout',
  '--quiet',
]

/** One Lighthouse run of a public page, in a Chromium that Lighthouse starts itself. */
async function measurePublic(bin: string, url: string): Promise<string> {
  const { stdout } = await run(bin, [...lighthouseArgs(url), `--chrome-flags=${CHROME_FLAGS.join(' ')}`], {
    env: { ...process.env, CHROME_PATH: CHROME },
    maxBuffer: 64 * 1024 * 1024,
  })
  return stdout
}

/** The demo owner's access token, as the app's sign-in gets it (POST /api/v1/auth). */
async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  })
  const body = (await response.json()) as { data?: { access_token?: string } }
  if (!response.ok || !body.data?.access_token) throw new Error(`sign-in failed: ${response.status}`)
  return body.data.access_token
}

/**
 * One Lighthouse run of a page behind sign-in. The app keeps its session in the `access_token` cookie, which
 * its scripts read (src/api/token-store.ts), so a header would not do: a fresh Chromium profile gets the cookie
 * first, then Lighthouse drives that Chromium through its debugging port. Lighthouse clears the cache and the
 * origin's storage before loading, but not cookies.
 */
async function measureSignedIn(bin: string, url: string, token: string): Promise<string> {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'))
  const port = 9300 + Math.floor(Math.random() * 500)
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROME,
    headless: true,
    args: [...CHROME_FLAGS.filter((flag) => flag !== '--headless=new'), `--remote-debugging-port=${port}`],
  })
  try {
    await context.addCookies([{ name: 'access_token', value: token, url: new URL(url).origin }])
    const { stdout } = await run(bin, [...lighthouseArgs(url), `--port=${port}`], {
      maxBuffer: 64 * 1024 * 1024,
    })
    return stdout
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

/** One table row: the median of each figure over the runs of a page. */
function row(path: string, signedIn: boolean, results: RunFigures[]): string {
  const pick = (key: Exclude<keyof RunFigures, 'finalUrl'>) => median(results.map((result) => result[key]))
  return (
    `| ${path}${signedIn ? ' (signed in)' : ''} | **${pick('performance')}** (${results.map((r) => r.performance).join(', ')}) | ` +
    `${pick('accessibility')} / ${pick('bestPractices')} / ${pick('seo')} | ${seconds(pick('fcp'))} | ` +
    `${seconds(pick('lcp'))} | ${Math.round(pick('tbt'))} ms | ${seconds(pick('si'))} | ${pick('cls').toFixed(3)} | ` +
    `${results.map((r) => r.load.toFixed(1)).join(', ')} | ${pick('benchmarkIndex')} |`
  )
}

async function main() {
  const base = option('--base')
  const runs = Number(option('--runs') ?? 3)
  const install = flag('--install')
  const save = option('--save')
  const against = option('--against')
  if (save) mkdirSync(save, { recursive: true })
  // What is left once every option is read: the pages.
  const pages = args.length > 0 ? args : DEFAULT_PAGES
  const bin = findLighthouse(install)
  if (!bin) {
    console.error(
      `Lighthouse ${LIGHTHOUSE_VERSION} is not installed (it is not a dependency of the project). Run ` +
        '`npm run bench:lighthouse -- --install` to put it into node_modules/.cache/lighthouse, or set ' +
        'LIGHTHOUSE_BIN to a lighthouse command. Skipped.',
    )
    return
  }
  if (!existsSync(CHROME)) {
    console.error(`No Chromium at ${CHROME} (set CHROMIUM_PATH). Skipped.`)
    return
  }
  const server = base ? undefined : await startBenchServer('pglite', { distDir: resolve('dist') })
  const origin = base ?? server!.origin
  if (!base && !existsSync(resolve('dist/index.html'))) throw new Error('Run `npm run build` first.')
  try {
    const origins = against ? [origin, against] : [origin]
    const rows = new Map<string, string[]>(origins.map((each) => [each, []]))
    for (const path of pages) {
      const tokens = new Map<string, string | undefined>()
      for (const each of origins) tokens.set(each, signedInPage(path) ? await signIn(each) : undefined)
      const results = new Map<string, RunFigures[]>(origins.map((each) => [each, []]))
      for (let index = 0; index < runs; index++) {
        // Alternating order: A then B, B then A, ...
        for (const each of index % 2 === 0 ? origins : [...origins].reverse()) {
          const url = `${each}${path}`
          const token = tokens.get(each)
          const load = loadavg()[0]!
          let report: string
          try {
            report = token ? await measureSignedIn(bin, url, token) : await measurePublic(bin, url)
          } catch (error) {
            // On a saturated machine Lighthouse can give up (NO_FCP after its 30 s wait): say so, keep going.
            const message = (error as { stderr?: string }).stderr?.trim() ?? String(error)
            console.error(
              `  ${url} #${index + 1}: failed at load ${load.toFixed(1)}: ${message.split('\n').at(-1)}`,
            )
            continue
          }
          const figures = figuresOf(report, load)
          if (save)
            writeFileSync(
              join(save, `${new URL(each).port}${path.replace(/\W+/g, '_')}-${index + 1}.json`),
              report,
            )
          if (new URL(figures.finalUrl).pathname !== path)
            throw new Error(`${path} ended at ${figures.finalUrl}: not the page meant to be measured`)
          results.get(each)!.push(figures)
          console.error(
            `  ${each}${path} #${index + 1}: performance ${figures.performance}, FCP ${seconds(figures.fcp)}, ` +
              `LCP ${seconds(figures.lcp)}, TBT ${Math.round(figures.tbt)} ms, load ${load.toFixed(1)}, ` +
              `benchmark index ${figures.benchmarkIndex}`,
          )
        }
      }
      for (const each of origins)
        if (results.get(each)!.length > 0)
          rows.get(each)!.push(row(path, tokens.get(each) !== undefined, results.get(each)!))
    }
    for (const each of origins)
      console.log(
        [
          '',
          `Lighthouse ${LIGHTHOUSE_VERSION}, mobile, median of ${runs} (${each})`,
          '',
          '| Page | Performance (runs) | A11y / BP / SEO | FCP | LCP | TBT | SI | CLS | Load average at each run | Benchmark index |',
          '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
          ...rows.get(each)!,
        ].join('\n'),
      )
  } finally {
    await server?.close()
  }
}

await main()
process.exit(0)
