import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { discoverMachines, repositoryRoot, screensOf } from '../../scripts/flow-docs/discover-machines'
import { machineGraphHash } from '../../scripts/flow-docs/machine-graph-hash'
import {
  flowScreenFileName,
  flowScreenLanguages,
  flowScreensFolder,
  flowScreensManifestName,
} from '../../src/flow-graph/flow-screens'
import { stateNodesOf } from '../../src/flow-graph/transition-label'

const entries = await discoverMachines()
const screensDir = join(repositoryRoot, flowScreensFolder)
const captured = existsSync(screensDir) ? readdirSync(screensDir).sort() : []

/** `two-factor` of test/e2e/two-factor.model-paths.test.ts is the `twoFactor` machine. */
const machineIdOfSuite = (file: string) =>
  file.replace('.model-paths.test.ts', '').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
const suiteOf = (machineId: string) => machineId.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
const browserSuites = readdirSync(join(repositoryRoot, 'test', 'e2e')).filter((file) =>
  file.endsWith('.model-paths.test.ts'),
)
const rerun = (machineId: string) => `run npm run docs:flow-screens -- ${suiteOf(machineId)}`

/**
 * The flows that have no screenshots yet, each with the reason (docs/decisions.md, "Russian flow screenshots and
 * onboarding's" and "Screenshots of the embedded, confirmation-channel and appointment-status flows"): every
 * other flow must have them, and a flow that gets them leaves this list.
 */
const withoutScreenshots: Record<string, string> = {
  references: 'loads reference data and has no screen of its own',
}

describe('screenshots of the flows in docs/flows/screens', () => {
  it('has the screens of every flow a browser model suite walks', () => {
    const missing = browserSuites.map(machineIdOfSuite).filter((machineId) => !captured.includes(machineId))
    expect(missing, `no screenshots of ${missing.join(', ')}: run npm run docs:flow-screens`).toEqual([])
  })

  it('has the screens of every flow but those listed without screenshots, each with its reason', () => {
    const uncaptured = entries
      .map((entry) => entry.machine.id)
      .filter((machineId) => !captured.includes(machineId))
    expect(
      uncaptured.sort(),
      'photograph the flow in a journey (test/support/journey-flow-screens.ts)',
    ).toEqual(Object.keys(withoutScreenshots).sort())
  })

  describe.each(captured.map((machineId) => [machineId] as const))('%s', (machineId) => {
    const entry = entries.find((candidate) => candidate.machine.id === machineId)
    const screens = screensOf(machineId)

    it('belongs to a machine and has its manifest', () => {
      expect(entry, `docs/flows/screens/${machineId} names no machine: remove the folder`).toBeDefined()
      expect(screens, `docs/flows/screens/${machineId} has no manifest: ${rerun(machineId)}`).toBeDefined()
    })

    it('was taken from the machine as it is now', () => {
      const hash = machineGraphHash(entry!.machine)
      expect(
        screens!.graphHash === hash,
        `the ${machineId} machine changed since its screenshots were taken: ${rerun(machineId)}`,
      ).toBe(true)
      const stateKeys = stateNodesOf(entry!.machine).map((node) => node.path.join('.'))
      expect(screens!.states.filter((state) => !stateKeys.includes(state))).toEqual([])
    })

    it('is taken in every language the app ships, so a Russian reviewer sees Russian screens', () => {
      expect(
        screens!.languages,
        `the ${machineId} screenshots lack a language: ${rerun(machineId)} (add --lang ru for Russian alone)`,
      ).toEqual([...flowScreenLanguages])
    })

    it('holds a picture of each listed state in each language and width, and nothing else', () => {
      const expected = screens!.states.flatMap((state) =>
        screens!.languages.flatMap((language) =>
          screens!.widths.map((width) => flowScreenFileName(state, language, width)),
        ),
      )
      expect(readdirSync(join(screensDir, machineId)).sort(), rerun(machineId)).toEqual(
        [...expected, flowScreensManifestName].sort(),
      )
    })
  })
})
