import type { AnyMachineSnapshot } from 'xstate'
import { rightsForRole } from '../../contract/access/role-presets'
import type { Rights } from '../../contract/access/rights-catalogue'
import type { RightsChange } from '../../contract/rights/schemas'
import { editsOf, rightsEditorMachine, type RightsEditorContext } from '../../machines/rights-editor'
import type { MachineModelOptions } from '../support/model-coverage'

export const machine = rightsEditorMachine

/** The member as the server holds them: a specialist with the preset's rights. */
export const held = { userRole: 'specialist', rights: rightsForRole('specialist') }

/** The owner ticks the staff settings and narrows the edit window: two edits of the draft. */
export const edited: Rights = {
  ...held.rights,
  settings_master_access: true,
  edit_records_last_days_count: 3,
}

/** The administrator preset applied on top, as the page computes it. */
export const administratorDraft: Rights = rightsForRole('administrator')

/** What the server previews for the edited draft. */
export const changes: RightsChange[] = [
  { key: 'settings_master_access', from: false, to: true },
  { key: 'edit_records_last_days_count', from: 1, to: 3 },
]

/** The server refusing to reduce the owner (422 with the flag's field). */
export const ownerRefusal = {
  status: 422,
  message: 'Validation failed',
  fieldErrors: { 'rights.billing_access': ["The owner's rights cannot be reduced"] },
}
export const networkFailure = { status: 0, isRequestError: true }

export const modelOptions: MachineModelOptions = {
  input: { companyId: 5, userId: 9 },
  // Whether the draft differs from what is held decides if saving is offered, so it counts as a state.
  distinguish: (snapshot: AnyMachineSnapshot) => {
    const context = snapshot.context as RightsEditorContext
    return Object.keys(editsOf(context.held?.rights ?? null, context.draft)).length > 0
  },
  events: {
    'xstate.done.actor.readRights': [{ output: held }],
    'xstate.error.actor.readRights': [{ error: networkFailure }],
    'read.retried': [{}],
    'draft.edited': [{ draft: edited }],
    'preset.applied': [{ role: 'administrator', draft: administratorDraft }],
    'edits.discarded': [{}],
    'save.requested': [{}],
    'xstate.done.actor.previewRights': [{ output: changes }],
    'xstate.error.actor.previewRights': [{ error: ownerRefusal }],
    'save.confirmed': [{}],
    'save.cancelled': [{}],
    'xstate.done.actor.saveRights': [{ output: { userRole: 'specialist', rights: edited, changes } }],
    'xstate.error.actor.saveRights': [{ error: networkFailure }],
  },
}
