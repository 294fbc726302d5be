import { setupChecklistMachine } from '../../machines/setup-checklist'
import type { MachineModelOptions } from '../support/model-coverage'

export const machine = setupChecklistMachine

export const nothingYet = { categories: 0, services: 0, staff: 0 }
export const halfway = { categories: 2, services: 0, staff: 1 }
export const everything = { categories: 1, services: 3, staff: 1 }

export const modelOptions: MachineModelOptions = {
  input: { companyId: 5 },
  events: {
    'xstate.done.actor.readProgress': [{ output: nothingYet }, { output: halfway }, { output: everything }],
    'xstate.error.actor.readProgress': [{ error: { status: 0, isRequestError: true } }],
    'data.changed': [{}],
    retry: [{}],
  },
}
