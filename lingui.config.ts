import { defineConfig } from '@lingui/conf'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['ru', 'en', 'uk', 'kk', 'de', 'es', 'pt', 'fr', 'it', 'pl', 'tr', 'lv'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src'],
    },
  ],
  format: 'po',
})
