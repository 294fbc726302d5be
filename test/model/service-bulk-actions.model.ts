import { serviceBulkActionsMachine } from '../../machines/service-bulk-actions'
import type { MachineModelOptions } from '../support/model-coverage'

export const machine = serviceBulkActionsMachine

/** Two services ticked; the second is refused in the partial outcome. */
export const ticked = [11, 12]
export const allChanged = { changed: ticked, failed: [], failure: null }
export const oneRefused = { changed: [11], failed: [12], failure: { status: 403, message: 'Forbidden' } }

export const modelOptions: MachineModelOptions = {
  input: { companyId: 5 },
  events: {
    'selection.changed': [{ ids: ticked }, { ids: [] }],
    'action.chosen': [
      { action: { kind: 'deactivate' } },
      { action: { kind: 'move', categoryId: 3 } },
      { action: { kind: 'delete' } },
    ],
    confirmed: [{}],
    cancelled: [{}],
    'xstate.done.actor.applyBulkAction': [{ output: allChanged }, { output: oneRefused }],
    'xstate.error.actor.applyBulkAction': [{ error: { status: 0, isRequestError: true } }],
  },
  // Whether anything is ticked is what the guard looks at; what failed is what the screen shows.
  distinguish: ({ context }) => [context.selected.length > 0, context.failed.length > 0],
}
