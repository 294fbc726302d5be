// The JavaScript a browser receives for the sign-in page: /en/signin loaded in Chromium against the real server,
// each script reply's body as it travelled (after Content-Encoding) and as the browser decoded it, against all the
// JavaScript the build emits. Unlike comparison 4 (bundle-size.ts), this counts what the server really sends:
// its compression, and chunks the page imports at run time as well as the ones index.html names.
//
// Alone: `npx tsx test/bench/signin-scripts.ts` (builds dist/ first when it is missing).
import { readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchBrowser } from '../support/browser'
import { startBenchServer } from './bench-server'
import { measureBundle } from './bundle-size'

export interface ScriptReply {
  /** The path the page asked for, such as /assets/index-abc.js. */
  path: string
  /** The Content-Encoding it came with, or "identity". */
  encoding: string
  /** Body bytes as sent over the wire. */
  sent: number
  /** Body bytes after the browser decoded them. */
  decoded: number
}

export interface SigninScriptFigures {
  scripts: ScriptReply[]
  sent: number
  decoded: number
  /** Every .js file under dist/assets, uncompressed. */
  allFiles: number
  allBytes: number
  /** decoded / allBytes: the share of the app's JavaScript that the sign-in page needs. */
  share: number
}

/** The page whose first screen is measured: the English sign-in, as an outside visitor opens it. */
export const SIGNIN_PATH = '/en/signin'

/** Loads `origin + SIGNIN_PATH` in a fresh Chromium context (no cache) and sums its script replies. */
export async function measureSigninScripts(origin: string, distDir: string): Promise<SigninScriptFigures> {
  const browser = await launchBrowser()
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    const pending: Promise<ScriptReply>[] = []
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return
      pending.push(
        (async () => {
          const response = await request.response()
          const sizes = await request.sizes()
          return {
            path: new URL(request.url()).pathname,
            encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
            sent: sizes.responseBodySize,
            decoded: (await response?.body())?.length ?? 0,
          }
        })(),
      )
    })
    await page.goto(`${origin}${SIGNIN_PATH}`, { waitUntil: 'networkidle' })
    // The form is on screen: every script the first screen needs has run.
    await page.getByRole('button', { name: 'Sign in' }).waitFor()
    const scripts = await Promise.all(pending)
    await context.close()

    const assets = join(distDir, 'assets')
    const allJs = readdirSync(assets).filter((name) => name.endsWith('.js'))
    const allBytes = allJs.reduce((total, name) => total + statSync(join(assets, name)).size, 0)
    const decoded = scripts.reduce((total, script) => total + script.decoded, 0)
    return {
      scripts,
      sent: scripts.reduce((total, script) => total + script.sent, 0),
      decoded,
      allFiles: allJs.length,
      allBytes,
      share: decoded / allBytes,
    }
  } finally {
    await browser.close()
  }
}

/** Starts the real app on a fresh PGlite database serving `distDir`, and measures its sign-in page. */
export async function benchSigninScripts(distDir = resolve('dist')): Promise<SigninScriptFigures> {
  const server = await startBenchServer('pglite', { distDir })
  try {
    return await measureSigninScripts(server.origin, distDir)
  } finally {
    await server.close()
  }
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

/** One line per script and a total, for the console. */
export function describeSigninScripts(figures: SigninScriptFigures): string {
  const lines = figures.scripts.map(
    (script) =>
      `  ${script.path}: ${kB(script.sent)} sent (${script.encoding}), ${kB(script.decoded)} decoded`,
  )
  lines.push(
    `  ${SIGNIN_PATH}: ${figures.scripts.length} scripts, ${kB(figures.sent)} sent, ${kB(figures.decoded)} ` +
      `decoded; ${(figures.share * 100).toFixed(0)} % of all JS (${kB(figures.allBytes)} in ${figures.allFiles} files)`,
  )
  return lines.join('\n')
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  measureBundle()
  const figures = await benchSigninScripts()
  console.log(describeSigninScripts(figures))
  process.exit(0)
}
