/**
 * The app's catalogs the build copies for the server (vite.config.ts, `app-words`), which draws pages before their
 * scripts run in the app's own words (server/i18n/app-words.ts): the public screens' (`messages`) and the
 * workspace's, as lingui.config.ts splits them.
 */
export const appWordAreas = ['messages', 'workspace'] as const
export type AppWordArea = (typeof appWordAreas)[number]

/** The copy's file name in the build's app-words folder. */
export const appWordsFile = (language: string, area: AppWordArea) => `${language}.${area}.po`
