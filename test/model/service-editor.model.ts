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
  // The salon writes its titles in Russian (its country's language): the English title is the one translation.
  translations: [{ language_id: 2, translation: "Women's haircut, any length" }],
  // Maria (employee 31 of the screen suite) performs it in 1 h 15 min for her own price.
  staff: [{ id: 31, technological_card_id: null, seance_length: 4500, price: 3000 }],
}

export const machine = serviceEditorMachine

/** The version of service 41 the form is filled from, and the one someone else saved meanwhile. */
export const openedVersion = 7
export const theirVersion = 8

const refusals = [
  { error: { status: 422, fieldErrors: { title: ['must not be empty'] } } },
  { error: { status: 403, message: 'Forbidden' } },
]
/** Someone saved the service after the form was filled. */
export const conflict = { error: { status: 409, message: 'The service was changed by someone else' } }

/** An existing service (id 41) of company 5; a new one is the second model (`newServiceModelOptions`). */
export const modelOptions: MachineModelOptions = {
  input: { companyId: 5, serviceId: 41, version: openedVersion },
  events: {
    save: [{ draft }],
    'xstate.done.actor.saveService': [{ output: 41 }],
    'xstate.error.actor.saveService': [...refusals, conflict],
    'conflict.overwrite': [{}],
    'conflict.reload': [{}],
    'xstate.done.actor.reloadService': [{ output: theirVersion }],
    // Their version is gone too: someone deleted the service after saving it.
    'xstate.error.actor.reloadService': [{ error: { status: 404, message: 'Service not found' } }],
    'delete.requested': [{}],
    'delete.confirmed': [{}],
    'delete.cancelled': [{}],
    'xstate.done.actor.deleteService': [{ output: undefined }],
    'xstate.error.actor.deleteService': [{ error: { status: 0, isRequestError: true } }],
  },
  // Which refusal is shown. Whether the next save names a version is not told apart: it changes what is sent,
  // not where the editor goes, and telling it apart doubles the paths without a transition more.
  distinguish: ({ context }) => context.failure?.status ?? null,
}

export const newServiceModelOptions: MachineModelOptions = {
  ...modelOptions,
  input: { companyId: 5, serviceId: null, version: null },
  // A new service has no version to conflict with.
  events: {
    ...modelOptions.events,
    'xstate.done.actor.saveService': [{ output: 42 }],
    'xstate.error.actor.saveService': refusals,
  },
}
