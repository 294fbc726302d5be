// What each half of the product is built from and into: scripts/build-if-stale.mjs rebuilds a half when a source
// is newer than its output, and the Docker check (test/server/docker-image-files.test.ts) keeps every source in
// the image's build context.

/** The app: Vite's build of src/ (with the machines, the contract, the catalogs and the coverage page). */
export const CLIENT_BUILD = {
  output: 'dist/index.html',
  sources: [
    'src',
    'machines',
    'contract',
    'scripts/flow-docs',
    'docs/coverage',
    // The flows' screenshots are assets of the /flows chunk (src/flows/flow-diagrams/screens/flow-screenshots.ts).
    'docs/flows/screens',
    'locales',
    'index.html',
    'vite.config.ts',
    'lingui.config.ts',
    'package.json',
  ],
}

/** The compiled server: scripts/build-server.mjs. */
export const SERVER_BUILD = {
  output: 'dist-server/main.mjs',
  sources: [
    'server',
    'contract',
    'machines',
    'scripts/build-server.mjs',
    'scripts/build-inputs.mjs',
    'scripts/reseal-secrets.ts',
    'tsconfig.json',
    'package.json',
  ],
}
