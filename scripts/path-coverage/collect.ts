import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { discoverMachines, repositoryRoot } from '../flow-docs/discover-machines'
import { discoverModels } from './model-registry'
import { measurePathCoverage, type TestSource } from './path-coverage'

function testFilesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) return testFilesUnder(path)
    return /\.test\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The whole report from the repository as it is: machines, registered models and test files. */
export async function collectPathCoverage(root = repositoryRoot) {
  const [machines, models] = await Promise.all([discoverMachines(root), discoverModels(root)])
  const machineSources = new Map(machines.map((entry) => [entry.machine.id, entry.sourcePath]))
  const tests: TestSource[] = testFilesUnder(join(root, 'test')).map((path) => ({
    path: relative(root, path).split('\\').join('/'),
    text: readFileSync(path, 'utf8'),
  }))
  const report = await measurePathCoverage(models, machineSources, tests)
  const registered = new Set(models.map((model) => model.machine.id))
  const unregistered = machines.map((entry) => entry.machine.id).filter((id) => !registered.has(id))
  return { report, unregistered }
}
