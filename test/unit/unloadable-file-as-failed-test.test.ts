import type { RunnerTestFile } from 'vitest'
import { describe, expect, it } from 'vitest'
import { countLoadFailureAsTest } from '../support/unloadable-file-as-failed-test'

const loadError = { message: 'Invalid transition target: #signIn.form.failed', name: 'Error' }

function testFile(state: 'pass' | 'fail', tasks: unknown[]): RunnerTestFile {
  return {
    id: 'file-1',
    name: 'sign-in.machine.test.ts',
    result: { state, errors: [loadError] },
    tasks,
  } as never
}

describe('a test file that fails to load, in a mutation run', () => {
  it('counts as one failed test carrying the load error', () => {
    const file = testFile('fail', [])
    countLoadFailureAsTest(file)
    expect(file.tasks).toHaveLength(1)
    expect(file.tasks[0]).toMatchObject({ type: 'test', file, suite: file, result: { state: 'fail' } })
    expect(file.tasks[0]?.result?.errors).toEqual([loadError])
  })

  it('leaves a file that loaded as it is, whether its tests passed or failed', () => {
    const failedTest = { type: 'test', name: 'a failing test', result: { state: 'fail' } }
    const loadedWithFailure = testFile('fail', [failedTest])
    const passed = testFile('pass', [])
    countLoadFailureAsTest(loadedWithFailure)
    countLoadFailureAsTest(passed)
    expect(loadedWithFailure.tasks).toEqual([failedTest])
    expect(passed.tasks).toEqual([])
  })
})
