import { afterAll, beforeAll, describe, it } from 'vitest'
import {
  browserJourneyPaths,
  expectEveryTransitionWalked,
  runInterruptedJourney,
  runJourneys,
  type BrowserModel,
} from './browser-model-journeys'
import { createBrowserWalkRecorder, type BrowserWalkRecorder } from './browser-walk-recorder'
import { useServerAndBrowser, type E2eSession } from './e2e-session'
import { createFlowScreensCapture, flowScreensRequested } from './flow-screens-capture'
import type { ModelPath } from './model-coverage'
import { writeWalkRecord } from './walk-record-writer'

export interface ModelPathsSuiteOptions {
  /** The test file, whose name the walk record carries (`import.meta.filename`). */
  file: string
  /** The state after which one journey is reloaded, and another taken Back; `where` picks the path. */
  interruptAt?: { state: string; label: string; where?: (path: ModelPath) => boolean }
  /** Readies the real server for the journeys (accounts, say), once per file. */
  prepare?: (origin: string) => Promise<void>
  /** How many journeys run side by side. */
  parallel?: number
  /** Journeys written by hand beside the generated ones; what they walk counts too. */
  more?: (suite: { e2e: E2eSession; recorder: BrowserWalkRecorder }) => void
  /** Environment of the real server, beside the defaults of test/support/e2e-server.ts. */
  serverEnv?: Record<string, string>
}

/**
 * The browser level of a flow (DESIGN.md, "Tests"): journeys generated from the machine's graph run in Chromium
 * against the real server, what the app's own actors took is recorded, and every transition must be walked
 * (or declared unreachable with a reason). Each `test/e2e/*.model-paths.test.ts` is one call of this.
 */
export function describeModelPathsInChromium(model: BrowserModel, options: ModelPathsSuiteOptions) {
  const e2e = useServerAndBrowser(options.serverEnv)
  const recorder = createBrowserWalkRecorder()
  const screens = createFlowScreensCapture(model.machine)
  let paths: ModelPath[] = []

  beforeAll(async () => {
    paths = await browserJourneyPaths(model)
    await options.prepare?.(e2e.server.origin)
  })

  afterAll(() => {
    writeWalkRecord('browser', options.file, {
      ...recorder.walkOf(model.machine.id),
      unreachable: model.unreachable,
    })
    screens.finish()
  })

  describe(`${model.machine.id} model paths in Chromium`, () => {
    it(
      'walks the generated paths against the real server',
      async () => {
        await runJourneys(model, e2e.browser, recorder, e2e.server.origin, paths, options.parallel, screens)
      },
      // Photographing every screen state at two widths adds seconds per state (docs:flow-screens only).
      flowScreensRequested ? 600_000 : undefined,
    )

    const interruptAt = options.interruptAt
    if (interruptAt) {
      it(`agrees with the app after a reload and after Back on ${interruptAt.label}`, async () => {
        const reaches = (path: ModelPath) => path.steps.some((step) => step.state === interruptAt.state)
        const path = paths.find(
          (candidate) => reaches(candidate) && (interruptAt.where?.(candidate) ?? true),
        )!
        const steps = path.steps.findIndex((step) => step.state === interruptAt.state) + 1
        for (const interruption of ['reload', 'back'] as const) {
          await runInterruptedJourney(
            model,
            e2e.browser,
            recorder,
            e2e.server.origin,
            path,
            steps,
            interruption,
          )
        }
      })
    }

    options.more?.({ e2e, recorder })

    it('took every transition of the machine in the browser', () => {
      expectEveryTransitionWalked(model, recorder)
    })
  })
}
