import type { AnyStateMachine } from 'xstate'

/** One machine of `machines/` as the flows section lists it. */
export interface CatalogEntry {
  machine: AnyStateMachine
  /** Repository-relative, e.g. `machines/sign-in.ts`. */
  sourcePath: string
}

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'provide' in value && 'id' in value
}

// Every module of machines/ at build time, so a new flow appears here without anyone listing it.
const machineModules = import.meta.glob<Record<string, unknown>>('../../../machines/*.ts', { eager: true })

/** Every `<name>Machine` export of `machines/*.ts`, sorted by id. */
export const machineCatalog: CatalogEntry[] = Object.entries(machineModules)
  .flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(([name, value]) => name.endsWith('Machine') && isMachine(value))
      .map(([, value]) => ({
        machine: value as AnyStateMachine,
        sourcePath: file.replace(/^(\.\.\/)+/, ''),
      })),
  )
  .sort((a, b) => a.machine.id.localeCompare(b.machine.id))

export function catalogEntryOf(machineId: string): CatalogEntry | undefined {
  return machineCatalog.find((entry) => entry.machine.id === machineId)
}
