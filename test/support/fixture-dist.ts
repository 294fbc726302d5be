import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** The hashed script of the fixture build, as the page would name it. */
export const FIXTURE_SCRIPT = '/assets/index-abc123.js'

export interface FixtureDist {
  dir: string
  /** The script's bytes as built. */
  script: Buffer
  /** Its precompressed copies, as the build leaves them beside it. */
  scriptBr: Buffer
  scriptGz: Buffer
}

/**
 * A small built client in a temporary folder, shaped as `vite build` leaves it (vite.config.ts): index.html in
 * Russian, a hashed script of a few kilobytes with its brotli and gzip copies and its source map, and the files
 * of public/ copied as they are.
 */
export function makeFixtureDist(): FixtureDist {
  const dir = mkdtempSync(join(tmpdir(), 'salon-dist-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html>\n<html lang="ru">\n<head><title>Salon</title></head>\n<body><div id="root"></div></body>\n</html>\n',
  )
  const lines = Array.from({ length: 200 }, (_, index) => `console.log("screen ${index}", ${index * 7})`)
  const script = Buffer.from(lines.join('\n'))
  const scriptBr = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
  const scriptGz = gzipSync(script, { level: 9 })
  const file = join(dir, FIXTURE_SCRIPT)
  writeFileSync(file, script)
  writeFileSync(`${file}.br`, scriptBr)
  writeFileSync(`${file}.gz`, scriptGz)
  writeFileSync(`${file}.map`, JSON.stringify({ version: 3, sources: ['src/main.tsx'], mappings: '' }))
  cpSync(resolve('public'), dir, { recursive: true })
  return { dir, script, scriptBr, scriptGz }
}
