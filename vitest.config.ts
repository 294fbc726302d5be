import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

const unitSuites = ['test/unit/**/*.test.{ts,tsx}', 'test/model/**/*.test.{ts,tsx}']
/** The unit suites that replace a module with vi.mock, which needs a module graph of their own. */
const moduleMockingSuites = ['test/unit/onboarding-actor.test.ts']

// The unit, server and browser projects, so that `npm test` can run the fast ones first and the browser
// journeys last (the unit suites are two projects: see unit-isolated).
export default defineConfig({
  test: {
    projects: [
      mergeConfig(viteConfig, {
        test: {
          name: 'unit',
          include: unitSuites,
          exclude: moduleMockingSuites,
          environment: 'jsdom',
          setupFiles: ['test/support/setup-dom.ts'],
          // The suites share one process and its module graph (a file's modules load once, not per file): on this
          // two-core machine a fresh jsdom and a fresh import of React, the router and the app per file cost more
          // than the suites themselves. Each suite cleans up what it renders, its MSW handlers and its cookies.
          isolate: false,
          // The screen suites play whole flows in jsdom; on a busy two-core machine one can pass 5 s.
          testTimeout: 20_000,
        },
      }),
      // Suites that replace a module with vi.mock need a module graph of their own.
      mergeConfig(viteConfig, {
        test: {
          name: 'unit-isolated',
          include: moduleMockingSuites,
          environment: 'jsdom',
          setupFiles: ['test/support/setup-dom.ts'],
          testTimeout: 20_000,
        },
      }),
      {
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          // The suites of test/server/postgres are about PostgreSQL itself (several instances, an outage): they run
          // when DATABASE_URL names a server, as in CI; every other suite runs on PGlite and on that server.
          exclude: process.env.DATABASE_URL ? [] : ['test/server/postgres/**'],
          environment: 'node',
          // One module graph for every suite, as in the unit project: each suite starts servers and databases of
          // its own, and loading Fastify, Drizzle and PGlite once instead of per file saved 2 of the 8 minutes of
          // processor time a PGlite-only run took here (126 s of imports became 6 s).
          isolate: false,
          globalSetup: ['test/support/server-test-databases.ts'],
          // A test that starts servers of its own took 31-33 s at load average 14 (27 November, night), and a
          // suite's server took more than a minute to start.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // The journeys run against the compiled server and the built app, as `npm start` serves them.
          globalSetup: ['test/support/e2e-build.ts'],
          // A generated walk of a flow takes 30-100 s on an idle two-core machine and twice that while three
          // files share it; every step inside has its own shorter limit, so this only catches a hang.
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // expect.poll waits for what a person would wait for (a reload, a reply) as long as Playwright's own
          // waits do, not Vitest's default second, which a page under load can pass.
          expect: { poll: { timeout: 20_000 } },
          // One module graph per worker, as in the unit and server projects: Playwright, the journeys' helpers and
          // the machines load once per worker instead of once per file (a file keeps its own server and browser).
          isolate: false,
          // Each file starts its own server and browser on free ports, and most of a journey is waiting (a
          // resend minute, a token's life): three files at a time keep the run short on two cores.
          fileParallelism: true,
        },
      },
    ],
  },
})
