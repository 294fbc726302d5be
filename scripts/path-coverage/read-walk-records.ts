import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { walkLevels, walkRecordFolder, type WalkRecord } from '../../src/flow-graph/walk-record'

/** Every walk record the last test runs left in `.coverage-walks/<level>/`, in a stable order. */
export function readWalkRecords(root: string): WalkRecord[] {
  return walkLevels.flatMap((level) => {
    const folder = join(root, walkRecordFolder, level)
    if (!existsSync(folder)) return []
    return readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => JSON.parse(readFileSync(join(folder, file), 'utf8')) as WalkRecord)
  })
}
