import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

// Three projects so that `npm test` can run the fast ones first and the browser journeys last.
export default defineConfig({
  test: {
    projects: [
      mergeConfig(viteConfig, {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}', 'test/model/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/support/setup-dom.ts'],
          // The screen suites play whole flows in jsdom; on a busy two-core machine one can pass 5 s.
          testTimeout: 20_000,
        },
      }),
      {
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/server-test-databases.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // Each file starts its own server and browser on free ports, and most of a journey is waiting (a
          // resend minute, a token's life): three files at a time keep the run short on two cores.
          fileParallelism: true,
        },
      },
    ],
  },
})
