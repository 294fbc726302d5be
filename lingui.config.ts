import { defineConfig } from '@lingui/conf'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['ru', 'en', 'uk', 'kk', 'de', 'es', 'pt', 'fr', 'it', 'pl', 'tr', 'lv', 'en-XA'],
  // The pseudo-locale: its catalog stays empty and is compiled from the English source with accented letters
  // (contract/ui-languages.ts `pseudoLanguage`; development and test servers only).
  pseudoLocale: 'en-XA',
  fallbackLocales: { default: 'en' },
  catalogs: [
    // The words of the public screens (sign-in, registration, reset, invitation, booking): the first screen loads
    // only these.
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
      exclude: ['<rootDir>/src/business/**', '<rootDir>/src/flows/flow-diagrams/**'],
    },
    // The words of the signed-in screens (the workspace and the /flows pages), loaded by their routes
    // (src/i18n/activate.ts `loadWorkspaceCatalog`).
    {
      path: '<rootDir>/locales/{locale}/workspace',
      include: ['src/business', 'src/flows/flow-diagrams'],
    },
    // The server's own words (replies, field messages, e-mails and SMS), read by the server at run time
    // (server/i18n/server-messages.ts); apart from the app's catalogs, which the first screen loads.
    {
      path: '<rootDir>/server/i18n/catalogs/{locale}',
      include: ['server', 'contract'],
    },
  ],
  format: 'po',
})
