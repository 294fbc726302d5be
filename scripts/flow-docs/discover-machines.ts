import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyStateMachine } from 'xstate'
import { tsdocOf, type FlowEntry } from '../../src/flow-graph/flow-doc'
import {
  flowScreensFolder,
  flowScreensManifestName,
  type FlowScreensEntry,
} from '../../src/flow-graph/flow-screens'

/** The repository root, two folders above this file. */
export const repositoryRoot = join(import.meta.dirname, '..', '..')

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'provide' in value && 'id' in value
}

/** The manifest of a machine's screenshots (docs/flows/screens/<id>/manifest.json), if they were taken. */
export function screensOf(machineId: string, root = repositoryRoot): FlowScreensEntry | undefined {
  const path = join(root, flowScreensFolder, machineId, flowScreensManifestName)
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as FlowScreensEntry) : undefined
}

/**
 * Every `<name>Machine` exported from `machines/*.ts`, sorted by file then export name, so a new
 * flow gets its page without anyone listing it.
 */
export async function discoverMachines(root = repositoryRoot): Promise<FlowEntry[]> {
  const files = readdirSync(join(root, 'machines'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts') && !file.endsWith('.test.ts'))
    .sort()
  const entries: FlowEntry[] = []
  for (const file of files) {
    const path = join(root, 'machines', file)
    const exports = (await import(pathToFileURL(path).href)) as Record<string, unknown>
    const source = readFileSync(path, 'utf8')
    for (const [exportName, value] of Object.entries(exports).sort(([a], [b]) => a.localeCompare(b))) {
      if (!exportName.endsWith('Machine') || !isMachine(value)) continue
      entries.push({
        machine: value,
        sourcePath: `machines/${file}`,
        description: tsdocOf(source, exportName),
        screens: screensOf(value.id, root),
      })
    }
  }
  return entries
}
