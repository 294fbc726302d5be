import { afterAll, beforeAll, describe, it } from 'vitest'
import {
  browserJourneyPaths,
  expectEveryTransitionWalked,
  runInterruptedJourney,
  runJourneys,
} from '../support/browser-model-journeys'
import { createBrowserWalkRecorder } from '../support/browser-walk-recorder'
import { useServerAndBrowser } from '../support/e2e-session'
import { writeWalkRecord } from '../support/walk-record-writer'
import type { ModelPath } from '../support/model-coverage'
import { inviteBrowserModel as model } from './invite.browser-model'

const e2e = useServerAndBrowser()
const recorder = createBrowserWalkRecorder()
let paths: ModelPath[] = []

beforeAll(async () => {
  paths = await browserJourneyPaths(model)
})

afterAll(() => {
  writeWalkRecord('browser', import.meta.filename, {
    ...recorder.walkOf(model.machine.id),
    unreachable: model.unreachable,
  })
})

describe('invite model paths in Chromium', () => {
  it('walks the generated paths against the real server', async () => {
    await runJourneys(model, e2e.browser, recorder, e2e.server.origin, paths)
  })

  it('agrees with the app after a reload and after Back on the registration form', async () => {
    const failed = paths.find((path) => path.steps.some((step) => step.state === 'register.editing'))!
    const steps = failed.steps.findIndex((step) => step.state === 'register.editing') + 1
    for (const interruption of ['reload', 'back'] as const) {
      await runInterruptedJourney(
        model,
        e2e.browser,
        recorder,
        e2e.server.origin,
        failed,
        steps,
        interruption,
      )
    }
  })

  it('took every transition of the machine in the browser', () => {
    expectEveryTransitionWalked(model, recorder)
  })
})
