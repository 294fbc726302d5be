import { serviceEditorMachine, type ServiceDraft } from '../../machines/service-editor'
import type { MachineModelOptions } from '../support/model-coverage'

export const draft: ServiceDraft = {
  title: "Women's haircut",
  category_id: 7,
  duration: 3600,
  price_min: 2500,
  price_max: 4000,
  technical_break_duration: 0,
  is_online: true,
  active: 1,
  comment: '',
}

export const machine = serviceEditorMachine

/** An existing service (id 41) of company 5; a new one is the second model (`newServiceModelOptions`). */
export const modelOptions: MachineModelOptions = {
  input: { companyId: 5, serviceId: 41 },
  events: {
    save: [{ draft }],
    'xstate.done.actor.saveService': [{ output: 41 }],
    'xstate.error.actor.saveService': [
      { error: { status: 422, fieldErrors: { title: ['must not be empty'] } } },
      { error: { status: 403, message: 'Forbidden' } },
    ],
    'delete.requested': [{}],
    'delete.confirmed': [{}],
    'delete.cancelled': [{}],
    'xstate.done.actor.deleteService': [{ output: undefined }],
    'xstate.error.actor.deleteService': [{ error: { status: 0, isRequestError: true } }],
  },
  distinguish: ({ context }) => context.failure?.status ?? null,
}

export const newServiceModelOptions: MachineModelOptions = {
  ...modelOptions,
  input: { companyId: 5, serviceId: null },
  events: { ...modelOptions.events, 'xstate.done.actor.saveService': [{ output: 42 }] },
}
