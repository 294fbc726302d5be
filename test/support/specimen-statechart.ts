import { createMachine } from 'xstate'

/**
 * A made-up machine with the kinds of transition that the diagram generator must place and that the flows
 * in machines/ may not have yet: from a state deep inside a compound to a state outside it and back in,
 * from a compound to its own child, into a state nested two levels down from anywhere, between the regions
 * of a parallel state and out of one, to itself, and a machine-wide transition without a target.
 */
export const specimenMachine = createMachine({
  id: 'specimen',
  initial: 'outer',
  on: {
    'specimen.reset': {},
    'specimen.deep': '.outer.inner.deep',
  },
  states: {
    outer: {
      initial: 'inner',
      on: { 'specimen.side': '.side' },
      states: {
        inner: {
          initial: 'deep',
          states: {
            deep: {
              on: {
                'specimen.aside': '#specimen.outer.side',
                'specimen.again': 'deep',
                'specimen.deeper': 'deeper',
              },
            },
            deeper: { on: { 'specimen.parallel': '#specimen.both' } },
          },
        },
        side: { on: { 'specimen.back': 'inner.deeper', 'specimen.done': '#specimen.done' } },
      },
    },
    both: {
      type: 'parallel',
      states: {
        left: {
          initial: 'first',
          states: { first: { on: { 'specimen.across': '#specimen.both.right.second' } } },
        },
        right: {
          initial: 'second',
          states: { second: { on: { 'specimen.leave': '#specimen.outer.inner' } } },
        },
      },
    },
    done: { type: 'final' },
  },
})
