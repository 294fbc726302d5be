import type { AnyMachineSnapshot } from 'xstate'
import {
  compositeStatusMachine,
  type CompositePart,
  type CompositeStatusContext,
} from '../../machines/composite-status'
import type { MachineModelOptions } from '../support/model-coverage'

export const machine = compositeStatusMachine

/** The services a part can be taken from: two that clients can book, and one that is switched off. */
export const manicure: CompositePart = { serviceId: 21, title: 'Manicure', bookable: true }
export const gelPolish: CompositePart = { serviceId: 22, title: 'Gel polish', bookable: true }
export const nailArt: CompositePart = { serviceId: 23, title: 'Nail art', bookable: false }
export const partChoices = [manicure, gelPolish, nailArt]

const partsOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as CompositeStatusContext).parts

/**
 * A new composite starts with no parts; the owner adds up to two, removes the last, or moves it up. How many
 * parts there are and which of them clients can book tell states apart, so that two parts with one switched off
 * is a case of its own.
 */
export const modelOptions: MachineModelOptions = {
  input: { parts: [] },
  distinguish: (snapshot) => partsOf(snapshot).map((part) => (part.bookable ? 'on' : 'off')),
  events: {
    'part.added': (snapshot) =>
      partsOf(snapshot).length < 2
        ? partChoices
            .filter((choice) => !partsOf(snapshot).some((part) => part.serviceId === choice.serviceId))
            .map((part) => ({ part }))
        : [],
    'part.removed': (snapshot) =>
      partsOf(snapshot)
        .slice(-1)
        .map((part) => ({ serviceId: part.serviceId })),
    'part.moved': (snapshot) =>
      partsOf(snapshot).length === 2 ? [{ serviceId: partsOf(snapshot)[1]!.serviceId, offset: -1 }] : [],
  },
}
