import type { RunnerTestCase, RunnerTestFile } from 'vitest'
import type { Reporter, Vitest } from 'vitest/node'

/**
 * A Vitest reporter for mutation runs only (vitest.mutation.config.ts). StrykerJS's Vitest runner (9.x, and 10.0)
 * scores a mutant by the tests it collected; a test file that cannot even be imported collects none, so a
 * mutant that stops a machine's module from loading (an empty state id, an empty `initial`) counts as Survived
 * though every suite that imports it fails (stryker-js#6150). At the end of each run, this gives every test
 * file that failed and holds no test one failed test carrying the file's own error, which is what the run was.
 * A file that loaded is left as it is.
 */
export default class UnloadableFileAsFailedTest implements Reporter {
  private vitest: Vitest | undefined

  onInit(vitest: Vitest) {
    this.vitest = vitest
  }

  onTestRunEnd() {
    for (const file of this.vitest?.state.getFiles() ?? []) countLoadFailureAsTest(file)
  }
}

export function countLoadFailureAsTest(file: RunnerTestFile): void {
  if (file.result?.state !== 'fail' || file.tasks.length > 0) return
  // Vitest types a test with a context only its runner builds; nothing reads it once the run is over.
  const loadFailure = {
    type: 'test',
    id: `${file.id}_loads`,
    name: 'the test file loads',
    mode: 'run',
    meta: {},
    file,
    suite: file,
    timeout: 0,
    annotations: [],
    artifacts: [],
    result: { state: 'fail', errors: file.result.errors ?? [] },
  } as unknown as RunnerTestCase
  file.tasks.push(loadFailure)
}
