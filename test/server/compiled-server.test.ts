import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from '../../scripts/instances/server-process'
import { buildServer, packagesOutsideDependencies } from '../../scripts/build-server.mjs'

const projectRoot = resolve(import.meta.dirname, '../..')

// The production start: the bundle of scripts/build-server.mjs run by plain node, in a folder laid out as the
// Docker image is (dist-server/, dist/ and node_modules/ side by side, no sources), from another working
// directory, so that anything the bundle still reads from server/ or finds through the working directory fails.
describe('the compiled server (dist-server/main.mjs)', () => {
  const layout = mkdtempSync(join(tmpdir(), 'salon-compiled-'))
  const workingDir = mkdtempSync(join(tmpdir(), 'salon-compiled-cwd-'))
  const dataDir = mkdtempSync(join(tmpdir(), 'salon-compiled-data-'))
  let metafile: Metafile
  let server: ServerProcess | undefined
  let origin: string

  beforeAll(async () => {
    metafile = await buildServer({ outDir: join(layout, 'dist-server') })
    symlinkSync(join(projectRoot, 'node_modules'), join(layout, 'node_modules'), 'dir')
    mkdirSync(join(layout, 'dist'))
    writeFileSync(join(layout, 'dist', 'index.html'), '<!doctype html><title>Salon (built)</title>')

    server = await startServerProcess(
      { NODE_ENV: 'development', DATABASE_URL: '', DATA_DIR: dataDir },
      {
        args: [join(layout, 'dist-server', 'main.mjs')],
        cwd: workingDir,
        readyPath: '/api/v1/health/ready',
        pollMs: 100,
        // Alone it is ready in seconds; beside a full run's browsers on two busy cores it once took over 120 s.
        timeoutMs: 300_000,
      },
    )
    origin = `http://127.0.0.1:${server.port}`
  }, 420_000)

  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL')
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
    server!.child.kill('SIGTERM')
    expect(await server!.exited).toBe(0)
  })

  it('imports only packages that a production install (npm ci --omit=dev) brings', () => {
    const packageJson = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>
    }
    expect(packagesOutsideDependencies(metafile, packageJson)).toEqual([])
    // The check itself: a package moved to devDependencies is named.
    const { fastify: _moved, ...withoutFastify } = packageJson.dependencies
    expect(packagesOutsideDependencies(metafile, { dependencies: withoutFastify })).toEqual(['fastify'])
  })
})
