import { mkdirSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import {
  walkRecordFileName,
  walkRecordFolder,
  type WalkLevel,
  type WalkRecord,
} from '../../src/flow-graph/walk-record'

const repositoryRoot = join(import.meta.dirname, '..', '..')

/** What a suite collected: the same sets `assertFullCoverage` reads. */
export interface CollectedWalk {
  machineId: string
  stateIds: Set<string>
  transitionKeys: Set<string>
  paths: number
  /** Transitions the suite cannot take at its level, by key, with the reason. */
  unreachable?: Record<string, string>
}

/**
 * Writes `.coverage-walks/<level>/<machine>--<suite>.json` for `npm run coverage:paths`. `suiteFile` is the
 * test file (pass `import.meta.filename`), so the report names the suite that walked.
 */
export function writeWalkRecord(level: WalkLevel, suiteFile: string, walked: CollectedWalk): WalkRecord {
  const record: WalkRecord = {
    level,
    machine: walked.machineId,
    suite: relative(repositoryRoot, suiteFile).split('\\').join('/'),
    states: [...walked.stateIds].sort(),
    transitions: [...walked.transitionKeys].sort(),
    paths: walked.paths,
    ...(walked.unreachable && Object.keys(walked.unreachable).length > 0
      ? { unreachable: walked.unreachable }
      : {}),
  }
  const folder = join(repositoryRoot, walkRecordFolder, level)
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, walkRecordFileName(record)), `${JSON.stringify(record, null, 2)}\n`)
  return record
}
