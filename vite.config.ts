import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import react from '@vitejs/plugin-react'
import { readFileSync } from 'node:fs'
import { defineConfig, type ResolvedConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'
import { SUPPORT_PHONE_FILE, supportPhoneOf } from './contract/support-phone.ts'
import { appWordAreas, appWordsFile } from './contract/app-word-files.ts'
import { catalogLanguages } from './contract/ui-languages.ts'
import { incompleteCatalogs } from './scripts/i18n/catalog-check.ts'

const apiPort = process.env.API_PORT ?? '8080'
/** The support phone the build shows, as the app-words plugin hands it to the server. */
let supportPhone = supportPhoneOf(undefined)

// @vitejs/plugin-react 6 has no Babel option, so Lingui's macros run through the Rolldown Babel plugin.
export default defineConfig({
  plugins: [
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    // Lingui's failOnMissing never fires (each language falls back to English message by message), so the build
    // itself refuses a complete language's catalog with a missing, broken or obsolete entry.
    {
      name: 'complete-catalogs',
      apply: 'build',
      buildStart() {
        const problems = incompleteCatalogs(catalogLanguages)
        if (problems.length > 0)
          this.error(
            `Incomplete catalogs:\n${problems.join('\n')}\nRun \`npm run i18n:extract\` and translate every message (locales/GLOSSARY.md).`,
          )
      },
    },
    // A copy of each catalog for the server, which draws the sign-in page, the registration notice and the
    // workspace's frame before their scripts run in the words of the build it serves (server/i18n/app-words.ts),
    // with the support phone this build shows (VITE_SUPPORT_PHONE, from the environment or a .env file). Not served
    // (a dot folder).
    {
      name: 'app-words',
      apply: 'build',
      configResolved(config: ResolvedConfig) {
        supportPhone = supportPhoneOf(config.env.VITE_SUPPORT_PHONE)
      },
      generateBundle() {
        this.emitFile({
          type: 'asset',
          fileName: `.vite/app-words/${SUPPORT_PHONE_FILE}`,
          source: supportPhone,
        })
        for (const language of catalogLanguages)
          for (const area of appWordAreas)
            this.emitFile({
              type: 'asset',
              fileName: `.vite/app-words/${appWordsFile(language, area)}`,
              source: readFileSync(`locales/${language}/${area}.po`, 'utf8'),
            })
      },
    },
    // Brotli (quality 11) and gzip (level 9) copies beside each text asset, made once here so the server only
    // picks one by Accept-Encoding (server/http/serve-app.ts); a copy no smaller than its file is not kept.
    // index.html is left out: the server answers it itself, in the language of the path.
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|svg|json|txt)$/,
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    // Maps are written for whoever debugs a production error, but the scripts do not name them, so browsers
    // never fetch them; the server refuses *.map in production (server/http/serve-app.ts).
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which chunks hold a route's screens and a language's catalog, so that the server
    // names them in the page of that route and language (server/http/page-preloads.ts). Not served (a dot folder).
    manifest: true,
    // The graph-layout library behind /flows is one large chunk, loaded only when a diagram is opened.
    chunkSizeWarningLimit: 1600,
    // Every module the entry imports statically is one chunk with it, rather than the 28 small chunks Rolldown made
    // of what the entry shares with the lazily loaded screens: the sign-in page loads 3 scripts instead of 30, and
    // each request is a round trip on a slow network (docs/performance.md, "Fewer scripts").
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'], priority: 2 },
            { name: 'company-route-data', test: /\/src\/routes\/company-route-data\.ts$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
})
