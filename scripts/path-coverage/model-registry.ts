import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { AnyStateMachine } from 'xstate'
import type { MachineModelOptions } from '../../test/support/model-coverage'
import { repositoryRoot } from '../flow-docs/discover-machines'

/** One registered model: `test/model/<name>.model.ts` exporting `{ machine, modelOptions }`. */
export interface RegisteredModel {
  machine: AnyStateMachine
  modelOptions: MachineModelOptions
  /** Repository-relative, e.g. `test/model/sign-in.model.ts`. */
  modelPath: string
}

/**
 * Every model module in `test/model/`, sorted by machine id. The machine tests and the coverage
 * report import the same module, so the report counts exactly the paths that the tests walk.
 */
export async function discoverModels(root = repositoryRoot): Promise<RegisteredModel[]> {
  const folder = join(root, 'test', 'model')
  const files = readdirSync(folder)
    .filter((file) => file.endsWith('.model.ts'))
    .sort()
  const models: RegisteredModel[] = []
  for (const file of files) {
    const module = (await import(pathToFileURL(join(folder, file)).href)) as Partial<RegisteredModel>
    if (!module.machine || !module.modelOptions) {
      throw new Error(`test/model/${file} must export { machine, modelOptions }`)
    }
    models.push({
      machine: module.machine,
      modelOptions: module.modelOptions,
      modelPath: `test/model/${file}`,
    })
  }
  return models.sort((a, b) => a.machine.id.localeCompare(b.machine.id))
}
