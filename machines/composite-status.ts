import { assign, setup } from 'xstate'
import { compositeStatus } from '../contract/services/composite-rules'

/** One part of a composite as its editor holds it: which service, and whether clients can book that service. */
export interface CompositePart {
  serviceId: number
  title: string
  /** The service is active (and not deleted): clients can book it. */
  bookable: boolean
}

export interface CompositeStatusContext {
  /** The parts in the order they are done. */
  parts: CompositePart[]
}

export type CompositeStatusEvent =
  | { type: 'part.added'; part: CompositePart }
  | { type: 'part.removed'; serviceId: number }
  | { type: 'part.moved'; serviceId: number; offset: -1 | 1 }

const isReady = (parts: CompositePart[]) =>
  compositeStatus(
    parts.map((part) => ({ service_id: part.serviceId })),
    (serviceId) => parts.some((part) => part.serviceId === serviceId && part.bookable),
  ) === 'ready'

function moved(parts: CompositePart[], serviceId: number, offset: -1 | 1): CompositePart[] {
  const from = parts.findIndex((part) => part.serviceId === serviceId)
  const to = from + offset
  if (from === -1 || to < 0 || to >= parts.length) return parts
  const next = [...parts]
  ;[next[from], next[to]] = [next[to]!, next[from]!]
  return next
}

/**
 * The status of a composite service as its owner builds it (SPEC.md section 4: not_configured by default, or
 * ready). The parts are added, removed and put in order here; after each change the status is decided again by
 * the rule the server uses (contract/services/composite-rules.ts): ready with at least two parts that clients
 * can book, not configured otherwise, so removing a part or including one that is switched off shows at once.
 */
export const compositeStatusMachine = setup({
  types: {
    context: {} as CompositeStatusContext,
    events: {} as CompositeStatusEvent,
    input: {} as { parts: CompositePart[] },
  },
  actions: {
    addPart: assign({
      parts: ({ context, event }) =>
        event.type === 'part.added' && !context.parts.some((part) => part.serviceId === event.part.serviceId)
          ? [...context.parts, event.part]
          : context.parts,
    }),
    removePart: assign({
      parts: ({ context, event }) =>
        event.type === 'part.removed'
          ? context.parts.filter((part) => part.serviceId !== event.serviceId)
          : context.parts,
    }),
    movePart: assign({
      parts: ({ context, event }) =>
        event.type === 'part.moved' ? moved(context.parts, event.serviceId, event.offset) : context.parts,
    }),
  },
  guards: {
    isReady: ({ context }) => isReady(context.parts),
  },
}).createMachine({
  id: 'compositeStatus',
  context: ({ input }) => ({ parts: input.parts }),
  initial: 'deciding',
  on: {
    'part.added': { description: 'The owner adds a part', target: '.deciding', actions: 'addPart' },
    'part.removed': { description: 'The owner removes a part', target: '.deciding', actions: 'removePart' },
    'part.moved': { description: 'The owner changes the order of the parts', actions: 'movePart' },
  },
  states: {
    /** The parts just changed (or were loaded): the status follows from them. */
    deciding: {
      description: 'The app checks whether the composite service is complete',
      always: [
        { description: 'the parts make a complete service', guard: 'isReady', target: 'ready' },
        { description: 'otherwise the service is not configured', target: 'notConfigured' },
      ],
    },
    /** Fewer than two parts, or a part clients cannot book: the composite cannot be booked. */
    notConfigured: { description: 'The composite service is not configured yet' },
    /** At least two parts, all bookable: clients can book the composite. */
    ready: { description: 'The composite service is ready' },
  },
})
