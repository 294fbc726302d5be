import process from 'node:process'
import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

// StrykerJS's Vitest runner has no option to pick one project of vitest.config.ts, so mutation testing runs this
// copy of the unit project alone: the model and screen suites are what should notice a wrong machine or screen.
// The two suites that compare generated documents (docs/flows, docs/coverage) with the committed copies are left
// out: they "kill" every mutant that changes a diagram, whether or not any test of behaviour would notice it.
const environment = process.env.MUTATION_ENVIRONMENT ?? 'jsdom'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // MUTATION_TESTS narrows the suites of one run (globs separated by spaces), for example to the machine-level
      // suites when only machines/ is mutated; those need no DOM, so MUTATION_ENVIRONMENT=node spares jsdom's start
      // in every rerun (each machine is built when its module loads, so StrykerJS reruns all suites per mutant).
      include: process.env.MUTATION_TESTS?.split(/\s+/) ?? [
        'test/unit/**/*.test.{ts,tsx}',
        'test/model/**/*.test.{ts,tsx}',
      ],
      exclude: ['test/unit/flow-docs.test.ts'],
      environment,
      // One module graph for the suites of a run, as in the unit project (vitest.config.ts): StrykerJS reruns the
      // suites for every mutant, and a fresh jsdom with a fresh import of React, the router and the app per rerun
      // cost most of a mutant's time (about a minute each on a busy two-core machine). MUTATION_ISOLATE=1 gives
      // each file its own graph again.
      isolate: process.env.MUTATION_ISOLATE === '1',
      setupFiles: environment === 'jsdom' ? ['test/support/setup-dom.ts'] : [],
      // The machine is shared and a mutation run keeps it busy: a slow screen step is not a failure.
      testTimeout: 30_000,
      // A suite that cannot load because of a mutant is a failed test, not an absent one (stryker-js#6150).
      reporters: ['default', './test/support/unloadable-file-as-failed-test.ts'],
    },
  }),
)
