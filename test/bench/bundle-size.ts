// 4. How much of the built JavaScript the sign-in page makes the browser download: the scripts and
//    modulepreload links of dist/index.html (which the server answers /signin with) against every .js file the
//    build emits, each gzipped at level 9 as a server or CDN would.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { gzipSync } from 'node:zlib'

export interface BundleFigures {
  signinFiles: string[]
  signinBytes: number
  signinGzip: number
  allFiles: string[]
  allBytes: number
  allGzip: number
  /** signinGzip / allGzip */
  ratio: number
  /** True when this run had to build dist/ first. */
  built: boolean
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
    .exec(tag)
    ?.slice(1)
    .find((value) => value !== undefined)

/** The JavaScript URLs an HTML page loads at once: <script src> and <link rel="modulepreload" href>. */
export function initialScripts(html: string): string[] {
  const urls: string[] = []
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src')
    if (src) urls.push(src)
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel')?.toLowerCase().split(/\s+/) ?? []
    const href = attribute(tag, 'href')
    if (href && rel.includes('modulepreload')) urls.push(href)
  }
  return [...new Set(urls)].filter((url) => !/^[a-z]+:\/\//i.test(url) && !url.startsWith('//'))
}

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length

export function measureBundle(distDir = resolve('dist')): BundleFigures {
  let built = false
  if (!existsSync(join(distDir, 'index.html'))) {
    execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' })
    built = true
  }
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const signinFiles = initialScripts(html).map((url) =>
    join(distDir, url.split(/[?#]/)[0]!.replace(/^\//, '')),
  )
  const assets = join(distDir, 'assets')
  const allFiles = readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(assets, name))
  const sum = (files: string[], size: (file: string) => number) =>
    files.reduce((total, file) => total + size(file), 0)
  const bytes = (file: string) => readFileSync(file).length
  const signinGzip = sum(signinFiles, gzipSize)
  const allGzip = sum(allFiles, gzipSize)
  return {
    signinFiles,
    signinBytes: sum(signinFiles, bytes),
    signinGzip,
    allFiles,
    allBytes: sum(allFiles, bytes),
    allGzip,
    ratio: signinGzip / allGzip,
    built,
  }
}
