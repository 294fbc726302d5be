// @ts-check
import process from 'node:process'
/**
 * Mutation testing (StrykerJS 9, which runs on Node 20) of the flow machines and the flow screens, against the
 * unit project's model and screen suites. `MUTATE` narrows a run (for example `MUTATE=machines/**\/*.ts`), so that
 * one area can be measured on a busy machine; `npm run test:mutation` mutates both areas.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
// MUTATION_REPORT names a run, so that runs of different areas can go side by side and keep their reports apart.
const run = process.env.MUTATION_REPORT ?? 'mutation'

const config = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  // Not `related`: when a mutant sits in module-level code (every machine is built as its module loads), Vitest's
  // search for the test files related to the mutated file sometimes found none, and the mutant "survived" 0 tests.
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  mutate: process.env.MUTATE
    ? process.env.MUTATE.split(',')
    : ['machines/**/*.ts', 'src/flows/**/*.{ts,tsx}', '!src/flows/flow-diagrams/**'],
  coverageAnalysis: 'perTest',
  concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 2),
  timeoutMS: 10_000,
  // The first run of every suite, with coverage per test, takes minutes on a shared two-core machine.
  dryRunTimeoutMinutes: 30,
  reporters: ['json', 'html', 'clear-text', 'progress'],
  jsonReporter: { fileName: `reports/mutation/${run}.json` },
  htmlReporter: { fileName: `reports/mutation/${run}.html` },
  tempDirName: `.stryker-tmp-${run}`,
  cleanTempDir: 'always',
  ignorePatterns: ['dist', '.data', 'test-results', 'reports', '.stryker-tmp*'],
}
export default config
