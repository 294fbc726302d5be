// Compiles the server into ES modules for plain `node` (no TypeScript loader at run time): dist-server/main.mjs
// from server/main.ts, and dist-server/reseal-secrets.mjs for step two of a data key rotation in production. The
// packages stay outside the bundle (node_modules, installed with `npm ci --omit=dev`); the build fails when the
// server imports one that is not in `dependencies`. Source maps go beside the bundle (`node --enable-source-maps`
// reads them for stack traces), outside dist/, so the server never serves them. What the server reads by path at
// run time is copied under the same path relative to dist-server/ as to server/ (see server/runtime-files.ts).
import { cpSync, readFileSync, rmSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const root = resolve(import.meta.dirname, '..')

/** The bundles, by output name. */
export const SERVER_ENTRY_POINTS = {
  main: 'server/main.ts',
  'reseal-secrets': 'scripts/reseal-secrets.ts',
}

/** Folders the server reads at run time, relative to server/ and, once built, to dist-server/. */
export const SERVER_RUNTIME_FOLDERS = ['db/migrations', 'references/data', 'i18n/catalogs']

/** The package a bare import names: `pg` of `pg`, `@fastify/static` of `@fastify/static/lib/x`. */
function packageOf(specifier) {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

/**
 * The packages the bundles import that `dependencies` of package.json lacks: a production install
 * (`npm ci --omit=dev`, as the Docker image does) leaves them out, and the server would fail at its first import.
 */
export function packagesOutsideDependencies(metafile, packageJson) {
  const dependencies = packageJson.dependencies ?? {}
  const imported = new Set()
  for (const output of Object.values(metafile.outputs)) {
    for (const { path, external } of output.imports) {
      if (external && !path.startsWith('node:') && !builtinModules.includes(path))
        imported.add(packageOf(path))
    }
  }
  return [...imported].filter((name) => !Object.hasOwn(dependencies, name)).sort()
}

/**
 * Builds the server into `outDir` (dist-server/ by default), replacing what was there.
 * @returns esbuild's metafile, which names every package the bundles import.
 */
export async function buildServer({ outDir = join(root, 'dist-server') } = {}) {
  rmSync(outDir, { recursive: true, force: true })
  const result = await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRY_POINTS,
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
  })
  const missing = packagesOutsideDependencies(
    result.metafile,
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')),
  )
  if (missing.length > 0) {
    rmSync(outDir, { recursive: true, force: true })
    throw new Error(
      `The server imports ${missing.join(', ')}, which a production install leaves out: ` +
        'move them to "dependencies" in package.json.',
    )
  }
  for (const folder of SERVER_RUNTIME_FOLDERS) {
    cpSync(join(root, 'server', folder), join(outDir, folder), { recursive: true })
  }
  return result.metafile
}

// `node scripts/build-server.mjs [outDir]`
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  await buildServer(process.argv[2] ? { outDir: resolve(process.argv[2]) } : {})
}
