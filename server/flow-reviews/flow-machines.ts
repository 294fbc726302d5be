import type { AnyStateMachine } from 'xstate'
import {
  machineGraphOf,
  machineVersionOf,
  type MachineGraph,
} from '../../contract/flow-reviews/machine-graph'
import * as appointmentStatusModule from '../../machines/appointment-status'
import * as avatarUploadModule from '../../machines/avatar-upload'
import * as chainServiceEditorModule from '../../machines/chain-service-editor'
import * as compositeStatusModule from '../../machines/composite-status'
import * as confirmationChannelModule from '../../machines/confirmation-channel'
import * as embeddedModule from '../../machines/embedded'
import * as employeeLifecycleModule from '../../machines/employee-lifecycle'
import * as inviteModule from '../../machines/invite'
import * as onboardingModule from '../../machines/onboarding'
import * as onlineBookingModule from '../../machines/online-booking'
import * as referencesModule from '../../machines/references'
import * as resetPasswordModule from '../../machines/reset-password'
import * as rightsEditorModule from '../../machines/rights-editor'
import * as serviceBulkActionsModule from '../../machines/service-bulk-actions'
import * as serviceEditorModule from '../../machines/service-editor'
import * as sessionModule from '../../machines/session'
import * as setupChecklistModule from '../../machines/setup-checklist'
import * as signInModule from '../../machines/sign-in'
import * as switchUserModule from '../../machines/switch-user'
import * as twoFactorModule from '../../machines/two-factor'

// Every module of machines/ that exports a machine; test/server/flow-reviews.test.ts fails when one is missing,
// as the app finds them by itself (src/flows/flow-diagrams/machine-catalog.ts) and the server bundle cannot.
const machineModules: Record<string, unknown>[] = [
  appointmentStatusModule,
  avatarUploadModule,
  chainServiceEditorModule,
  compositeStatusModule,
  confirmationChannelModule,
  embeddedModule,
  employeeLifecycleModule,
  inviteModule,
  onboardingModule,
  onlineBookingModule,
  referencesModule,
  resetPasswordModule,
  rightsEditorModule,
  serviceBulkActionsModule,
  serviceEditorModule,
  sessionModule,
  setupChecklistModule,
  signInModule,
  switchUserModule,
  twoFactorModule,
]

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'provide' in value && 'id' in value
}

/** A machine as reviews know it: its graph and that graph's version. */
export interface ReviewableMachine {
  id: string
  graph: MachineGraph
  version: string
}

let catalog: Map<string, ReviewableMachine> | undefined

/** Every `<name>Machine` export of machines/, by id; the graphs are read once, on first use. */
export function reviewableMachines(): Map<string, ReviewableMachine> {
  catalog ??= new Map(
    machineModules
      .flatMap((exports) =>
        Object.entries(exports).filter(([name, value]) => name.endsWith('Machine') && isMachine(value)),
      )
      .map(([, value]) => {
        const machine = value as AnyStateMachine
        const graph = machineGraphOf(machine)
        return [machine.id, { id: machine.id, graph, version: machineVersionOf(graph) }] as const
      })
      .sort(([a], [b]) => a.localeCompare(b)),
  )
  return catalog
}
