import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

// StrykerJS's Vitest runner has no option to pick one project of vitest.config.ts, so mutation testing runs this
// copy of the unit project alone: the model and screen suites are what should notice a wrong machine or screen.
// The two suites that compare generated documents (docs/flows, docs/coverage) with the committed copies are left
// out: they "kill" every mutant that changes a diagram, whether or not any test of behaviour would notice it.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['test/unit/**/*.test.{ts,tsx}', 'test/model/**/*.test.{ts,tsx}'],
      exclude: ['test/unit/flow-docs.test.ts', 'test/unit/path-coverage.test.ts'],
      environment: 'jsdom',
      setupFiles: ['test/support/setup-dom.ts'],
      // The machine is shared and a mutation run keeps it busy: a slow screen step is not a failure.
      testTimeout: 30_000,
    },
  }),
)
