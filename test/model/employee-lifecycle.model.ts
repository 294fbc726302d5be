import type { AnyMachineSnapshot } from 'xstate'
import {
  employeeLifecycleMachine,
  type Dismissal,
  type EmployeeImpact,
  type EmployeeLifecycleContext,
} from '../../machines/employee-lifecycle'
import type { MachineModelOptions } from '../support/model-coverage'

export const machine = employeeLifecycleMachine

/** What dismissing the demo colorist touches: one other salon of the chain, two services, a sign-in. */
export const impact: EmployeeImpact = {
  salons: [{ id: 2, title: 'Beauty Line — Arbat' }],
  services: [
    { id: 41, title: 'Haircut' },
    { id: 42, title: 'Colouring' },
  ],
  hasUser: true,
}

export const dismissal: Dismissal = { date: '2026-11-20', reason: 'Moved to another city', deleteUser: true }

/** The server refusing to remove the owner's sign-in (422 on user_delete). */
export const ownerRefusal = {
  status: 422,
  message: 'Validation failed',
  fieldErrors: { user_delete: ['The owner cannot be removed from the company'] },
}
export const networkFailure = { status: 0, isRequestError: true }

export const modelOptions: MachineModelOptions = {
  input: { companyId: 5, staffId: 31 },
  // Cancelling a deletion and a failed restore go back to where the employee stood, so that status counts.
  distinguish: (snapshot: AnyMachineSnapshot) => (snapshot.context as EmployeeLifecycleContext).status,
  events: {
    'xstate.done.actor.readEmployee': [{ output: 'active' }, { output: 'fired' }, { output: 'deleted' }],
    'xstate.error.actor.readEmployee': [{ error: networkFailure }],
    'read.retried': [{}],
    'dismiss.requested': [{}],
    'xstate.done.actor.readImpact': [{ output: impact }],
    'xstate.error.actor.readImpact': [{ error: networkFailure }],
    'dismiss.confirmed': [{ dismissal }],
    'dismiss.cancelled': [{}],
    'xstate.done.actor.dismissEmployee': [{ output: undefined }],
    'xstate.error.actor.dismissEmployee': [{ error: ownerRefusal }],
    'delete.requested': [{}],
    'delete.confirmed': [{ deleteUser: true }],
    'delete.cancelled': [{}],
    'xstate.done.actor.deleteEmployee': [{ output: undefined }],
    'xstate.error.actor.deleteEmployee': [{ error: ownerRefusal }],
    'restore.requested': [{}],
    'xstate.done.actor.restoreEmployee': [{ output: undefined }],
    'xstate.error.actor.restoreEmployee': [{ error: networkFailure }],
  },
}
