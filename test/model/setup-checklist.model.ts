import type { AnyMachineSnapshot } from 'xstate'
import { setupChecklistMachine, type SetupChecklistContext } from '../../machines/setup-checklist'
import type { MachineModelOptions } from '../support/model-coverage'

export const machine = setupChecklistMachine

export const nothingYet = { categories: 0, services: 0, staff: 0, hoursSet: false }
export const halfway = { categories: 2, services: 0, staff: 1, hoursSet: true }
export const everything = { categories: 1, services: 3, staff: 1, hoursSet: true }

export const modelOptions: MachineModelOptions = {
  input: { companyId: 5 },
  events: {
    'xstate.done.actor.readProgress': [{ output: nothingYet }, { output: halfway }, { output: everything }],
    'xstate.error.actor.readProgress': [{ error: { status: 0, isRequestError: true } }],
    // The data changes in two ways the owner can cause: coming back to the tab (work done elsewhere), and adding
    // the first staff member in the checklist's own form, which it offers only while no one is on the staff.
    // `via` says which one a step stands for; the machine reads no payload.
    'data.changed': (snapshot: AnyMachineSnapshot) =>
      (snapshot.context as SetupChecklistContext).progress?.staff === 0
        ? [{ via: 'tabShown' }, { via: 'staffAdded' }]
        : [{ via: 'tabShown' }],
    retry: [{}],
  },
}
