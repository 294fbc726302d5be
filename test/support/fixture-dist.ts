import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { catalogLanguages } from '../../contract/ui-languages'
import { appWordAreas, appWordsFile } from '../../contract/app-word-files'
import { APP_WORDS_FOLDER } from '../../server/i18n/app-words'

/** The hashed script of the fixture build, as the page would name it. */
export const FIXTURE_SCRIPT = '/assets/index-abc123.js'

/** The manifest of the fixture build: each catalog a chunk, and the booking screen with a shared chunk and styles. */
export const FIXTURE_MANIFEST = {
  'src/main.tsx': { file: 'assets/index-abc123.js', isEntry: true },
  'locales/en/messages.po': { file: 'assets/messages-en1.js', isDynamicEntry: true },
  'locales/ru/messages.po': { file: 'assets/messages-ru1.js', isDynamicEntry: true },
  'locales/de/messages.po': { file: 'assets/messages-de1.js', isDynamicEntry: true },
  'locales/en/workspace.po': { file: 'assets/workspace-en1.js', isDynamicEntry: true },
  'src/flows/online-booking/online-booking-screen.tsx': {
    file: 'assets/online-booking-screen-b1.js',
    isDynamicEntry: true,
    imports: ['src/main.tsx', '_phone-p1.js'],
    css: ['assets/online-booking-c1.css'],
  },
  '_phone-p1.js': { file: 'assets/phone-p1.js' },
  'src/flows/reset/reset-password-screen.tsx': {
    file: 'assets/reset-password-screen-r1.js',
    isDynamicEntry: true,
  },
  // Rolldown merged these screens into chunks it shares: the manifest keys them by chunk, with the screen's name.
  '_company-workspace-w1.js': { file: 'assets/company-workspace-w1.js', name: 'company-workspace' },
  '_services-screen-s1.js': {
    file: 'assets/services-screen-s1.js',
    name: 'services-screen',
    imports: ['_company-workspace-w1.js'],
  },
  'src/routes/company-route-data.ts': {
    file: 'assets/company-route-data-d1.js',
    isDynamicEntry: true,
    imports: ['src/main.tsx'],
  },
}

/** The booking screen's style sheet in the fixture build (its chunk's `css` above). */
export const FIXTURE_BOOKING_STYLES = {
  file: 'assets/online-booking-c1.css',
  css: '.b2c-header{margin:0 auto}',
}

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
    '<!doctype html>\n<html lang="ru">\n<head><title>Salon</title>\n<meta name="description" content="Salon — управление салоном." />\n<script type="module" crossorigin src="/assets/index-abc123.js"></script>\n</head>\n<body><div id="root"></div></body>\n</html>\n',
  )
  writeFileSync(join(dir, FIXTURE_BOOKING_STYLES.file), FIXTURE_BOOKING_STYLES.css)
  const lines = Array.from({ length: 200 }, (_, index) => `console.log("screen ${index}", ${index * 7})`)
  const script = Buffer.from(lines.join('\n'))
  const scriptBr = brotliCompressSync(script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
  const scriptGz = gzipSync(script, { level: 9 })
  const file = join(dir, FIXTURE_SCRIPT)
  writeFileSync(file, script)
  writeFileSync(`${file}.br`, scriptBr)
  writeFileSync(`${file}.gz`, scriptGz)
  writeFileSync(`${file}.map`, JSON.stringify({ version: 3, sources: ['src/main.tsx'], mappings: '' }))
  // Vite's manifest (build.manifest): the chunks of the catalogs and of a lazily loaded screen, by source module.
  mkdirSync(join(dir, '.vite'))
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(FIXTURE_MANIFEST))
  // The catalogs' copies for the server's drawn pages (vite.config.ts, `app-words`).
  mkdirSync(join(dir, APP_WORDS_FOLDER))
  for (const language of catalogLanguages)
    for (const area of appWordAreas)
      cpSync(
        resolve('locales', language, `${area}.po`),
        join(dir, APP_WORDS_FOLDER, appWordsFile(language, area)),
      )
  cpSync(resolve('public'), dir, { recursive: true })
  return { dir, script, scriptBr, scriptGz }
}
