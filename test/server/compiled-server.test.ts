import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../scripts/instances/server-process'
import { buildServer, packagesOutsideDependencies } from '../../scripts/build-server.mjs'

const projectRoot = resolve(import.meta.dirname, '../..')

const exitCodeOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode)
    else child.once('exit', (code) => resolve(code))
  })

// The production start: the bundle of scripts/build-server.mjs run by plain node, in a folder laid out as the
// Docker image is (dist-server/, dist/ and node_modules/ side by side, no sources), from another working
// directory, so that anything the bundle still reads from server/ or finds through the working directory fails.
describe('the compiled server (dist-server/main.mjs)', () => {
  const layout = mkdtempSync(join(tmpdir(), 'salon-compiled-'))
  const workingDir = mkdtempSync(join(tmpdir(), 'salon-compiled-cwd-'))
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-compiled-data-'))
  let metafile: Metafile
  let child: ChildProcess
  let origin: string
  let output = ''

  beforeAll(async () => {
    metafile = await buildServer({ outDir: join(layout, 'dist-server') })
    symlinkSync(join(projectRoot, 'node_modules'), join(layout, 'node_modules'), 'dir')
    mkdirSync(join(layout, 'dist'))
    writeFileSync(join(layout, 'dist', 'index.html'), '<!doctype html><title>Salon (built)</title>')

    const port = await freePort()
    origin = `http://127.0.0.1:${port}`
    const { NODE_OPTIONS: _loaderOptions, ...environment } = process.env
    child = spawn(process.execPath, [join(layout, 'dist-server', 'main.mjs')], {
      cwd: workingDir,
      env: {
        ...environment,
        NODE_ENV: 'development',
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))

    const deadline = Date.now() + 60_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the bundle exited with ${child.exitCode}:\n${output}`)
      const status = await fetch(`${origin}/api/v1/health/ready`).then(
        (response) => response.status,
        () => 0,
      )
      if (status === 200) break
      if (Date.now() > deadline) throw new Error(`the bundle did not become ready:\n${output}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }, 90_000)

  afterAll(() => {
    if (child?.exitCode === null) child.kill('SIGKILL')
    for (const dir of [layout, workingDir, dataDir]) rmSync(dir, { recursive: true, force: true })
  })

  it('migrates the embedded database, seeds the demo data and signs the demo account in', async () => {
    const signIn = await fetch(`${origin}/api/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'demo@example.com', password: 'demo12345' }),
    })
    expect(signIn.status).toBe(201)
    const { data } = (await signIn.json()) as { data: { access_token: string } }

    const companies = await fetch(`${origin}/api/v1/companies`, {
      headers: { authorization: `Bearer ${data.access_token}` },
    })
    expect(companies.status).toBe(200)
    expect(JSON.stringify(await companies.json())).toContain('Beauty Line')
  })

  it('serves the built app beside it, whatever the working directory', async () => {
    const page = await fetch(`${origin}/en/signin`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Salon (built)')
    // The source maps stay beside the bundle, out of what is served: their addresses get the app's page.
    for (const path of ['/main.mjs.map', '/dist-server/main.mjs.map']) {
      expect(await (await fetch(`${origin}${path}`)).text()).not.toContain('"mappings"')
    }
  })

  it('exits 0 on SIGTERM', async () => {
    const exited = exitCodeOf(child)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
  })

  it('imports only packages that a production install (npm ci --omit=dev) brings', () => {
    const packageJson = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    expect(packagesOutsideDependencies(metafile, packageJson)).toEqual([])
    // The check itself: a package moved to devDependencies is named.
    const { jose: _moved, ...withoutJose } = packageJson.dependencies
    expect(packagesOutsideDependencies(metafile, { dependencies: withoutJose })).toEqual(['jose'])
  })
})
