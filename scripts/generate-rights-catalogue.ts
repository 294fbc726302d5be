import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createServer } from 'vite'
import { repositoryRoot } from './flow-docs/discover-machines'

// Writes docs/rights-catalogue.md from the rights editor's texts. The texts are Lingui macros and the catalogs
// are .po files, so the module is loaded through Vite with the app's own plugins, as the app and the tests do.
const vite = await createServer({
  root: repositoryRoot,
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
})
try {
  const doc = (await vite.ssrLoadModule(
    '/src/business/rights/rights-catalogue-doc.ts',
  )) as typeof import('../src/business/rights/rights-catalogue-doc')
  writeFileSync(join(repositoryRoot, doc.rightsCatalogueDocPath), doc.renderRightsCatalogue())
  console.log(doc.rightsCatalogueDocPath)
} finally {
  await vite.close()
}
