import { describe, expect, it } from 'vitest'
import { fromPromise, setup } from 'xstate'
import { discoverMachines } from '../../scripts/flow-docs/discover-machines'
import { stateNodesOf } from '../../src/flow-graph/transition-label'
import { statechartModelOf } from '../../src/flows/flow-diagrams/statechart-model'
import {
  flowPathsOf,
  happyPathOf,
  successEndsOf,
  type FlowPath,
} from '../../src/flows/flow-diagrams/playback/flow-paths'
import {
  addressOf,
  pathOfAddress,
  playbackSearchOf,
  stepWithin,
} from '../../src/flows/flow-diagrams/playback/path-address'

const machines = (await discoverMachines()).map((entry) => entry.machine)
const machineOf = (id: string) => machines.find((machine) => machine.id === id)!

// A flow with what the walk must understand: a compound state entered at its initial child, parallel regions,
// a call that succeeds or fails, a guarded branch with its fallback, a finished part and two ends.
const toyMachine = setup({
  types: {
    events: {} as
      { type: 'go' } | { type: 'tick' } | { type: 'stop' } | { type: 'code.sent' } | { type: 'win' },
  },
  actors: { check: fromPromise<boolean>(async () => true) },
  guards: { lucky: () => false },
}).createMachine({
  id: 'toy',
  initial: 'form',
  states: {
    form: {
      initial: 'editing',
      states: { editing: { on: { go: '#toy.checking' } } },
    },
    checking: {
      invoke: {
        id: 'check',
        src: 'check',
        onDone: [{ guard: 'lucky', target: 'given' }, { target: 'working' }],
        onError: 'form',
      },
    },
    working: {
      type: 'parallel',
      states: {
        code: {
          initial: 'typing',
          states: { typing: { on: { 'code.sent': 'sent' } }, sent: { type: 'final' } },
        },
        clock: {
          initial: 'ticking',
          states: { ticking: { on: { tick: {}, stop: 'stopped' } }, stopped: { type: 'final' } },
        },
      },
      onDone: 'given',
    },
    given: { type: 'final' },
    won: { type: 'final', tags: ['success'] },
  },
  on: { win: '.won' },
})

const leavesOf = (path: FlowPath) =>
  path.steps.map((step) => step.leafIds.map((id) => id.replace(/^toy\./, '')))

describe('the paths of a machine, for playing', () => {
  const model = statechartModelOf(toyMachine)
  const paths = flowPathsOf(model, successEndsOf(toyMachine))

  it('starts every path where the machine starts: the initial child of each compound state', () => {
    for (const path of paths) expect(path.steps[0]).toMatchObject({ leafIds: ['toy.form.editing'] })
    expect(paths[0]!.steps[0]!.activeIds).toEqual(['toy.form', 'toy.form.editing'])
  })

  it('has, for every transition, the shortest path that ends by taking it', () => {
    const ended = paths.filter((path) => path.kind === 'transition').map((path) => path.transition!.key)
    expect(ended).toEqual(model.transitions.map((transition) => transition.key))
    const failed = paths.find((path) => path.transition?.key === 'toy.checking|xstate.error.actor.check|0')!
    expect(leavesOf(failed)).toEqual([['form.editing'], ['checking'], ['form.editing']])
    expect(failed.id).toBe(String(paths.indexOf(failed)))
  })

  it('enters every region of a parallel state, moves one region alone, and finishes it when all are final', () => {
    const finished = paths.find((path) => path.transition?.key.startsWith('toy.working|xstate.done.state'))!
    expect(leavesOf(finished)).toEqual([
      ['form.editing'],
      ['checking'],
      ['working.code.typing', 'working.clock.ticking'],
      ['working.code.sent', 'working.clock.ticking'],
      ['working.code.sent', 'working.clock.stopped'],
      ['given'],
    ])
    // A transition without a target stays; the step is about the state it stayed in.
    const stayed = paths.find((path) => path.transition?.key === 'toy.working.clock.ticking|tick|0')!
    expect(stayed.steps.at(-1)).toMatchObject({
      leafIds: ['toy.working.code.typing', 'toy.working.clock.ticking'],
      focusId: 'toy.working.clock.ticking',
    })
  })

  it('takes each step from a state that is active, into its targets', () => {
    for (const machine of [toyMachine, ...machines]) {
      for (const path of flowPathsOf(statechartModelOf(machine), successEndsOf(machine))) {
        path.steps.slice(1).forEach((step, index) => {
          const before = new Set([machine.id, ...path.steps[index]!.activeIds])
          expect(before.has(step.transition!.source), `${machine.id} path ${path.id}`).toBe(true)
          if (!step.transition!.internal)
            for (const target of step.transition!.targets) expect(step.activeIds).toContain(target)
          expect(step.leafIds).toContain(step.focusId)
        })
      }
    }
  })

  it('plays the happy path to the tagged successful end, by ordinary steps, never through a failed call', () => {
    expect(leavesOf(happyPathOf(model, successEndsOf(toyMachine))!)).toEqual([['form.editing'], ['won']])
    // Two ends and none tagged: no happy path.
    expect(happyPathOf(model, [])).toBeUndefined()
  })
})

describe('the paths of the real machines', () => {
  it('reach every transition of every machine, as the model tests do', () => {
    for (const machine of machines) {
      const model = statechartModelOf(machine)
      const ended = new Set(flowPathsOf(model).map((path) => path.transition?.key))
      const missing = model.transitions.filter((transition) => !ended.has(transition.key))
      expect(
        missing.map((transition) => transition.key),
        machine.id,
      ).toEqual([])
    }
  })

  it('names one successful end in every machine that has several ends', () => {
    for (const machine of machines) {
      const ends = stateNodesOf(machine).filter(
        (node) => node.type === 'final' && node.parent === machine.root,
      )
      if (ends.length < 2) continue
      const success = successEndsOf(machine)
      expect(success, machine.id).toHaveLength(1)
      expect(
        ends.map((node) => node.id),
        machine.id,
      ).toContain(success[0])
    }
  })

  it.each([
    ['signIn', ['form.editing', 'submitting', 'signedIn']],
    ['invite', ['loading', 'accept.idle', 'accept.accepting', 'joined']],
    ['appointmentStatus', ['booked', 'arrived', 'paid']],
  ])('plays %s’s happy path to its success', (machineId, expected) => {
    const machine = machineOf(machineId)
    const happy = happyPathOf(statechartModelOf(machine), successEndsOf(machine))!
    expect(happy.steps.map((step) => step.focusId.slice(machineId.length + 1))).toEqual(expected)
  })

  it('plays onboarding from its start to the company created', () => {
    const machine = machineOf('onboarding')
    const happy = happyPathOf(statechartModelOf(machine), successEndsOf(machine))!
    expect(happy.steps[0]!.focusId).toBe('onboarding.entering')
    expect(happy.steps.at(-1)!.focusId).toBe('onboarding.completed')
    expect(happy.steps.some((step) => step.transition?.cause.kind === 'error')).toBe(false)
  })
})

describe('the address of a path being played', () => {
  const machine = machineOf('signIn')
  const paths = flowPathsOf(statechartModelOf(machine), successEndsOf(machine))

  it('reads the path and step from the search params, leaving out what is malformed', () => {
    expect(playbackSearchOf({ path: 3, step: 2 })).toEqual({ path: '3', step: 2 })
    expect(playbackSearchOf({ path: 'happy' })).toEqual({ path: 'happy' })
    expect(playbackSearchOf({ path: 'happy', step: -1 })).toEqual({ path: 'happy' })
    expect(playbackSearchOf({ path: 'happy', step: 1.5 })).toEqual({ path: 'happy' })
    expect(playbackSearchOf({ path: 'happy', step: 'two' })).toEqual({ path: 'happy' })
    expect(playbackSearchOf({ step: 2 })).toEqual({})
    expect(playbackSearchOf({ path: '' })).toEqual({})
    expect(playbackSearchOf({ path: { id: 1 } })).toEqual({})
  })

  it('writes a numbered path as a number, so that the address reads path=3', () => {
    expect(addressOf({ path: '3', step: 2 })).toEqual({ path: 3, step: 2 })
    expect(addressOf({ path: 'happy', step: 0 })).toEqual({ path: 'happy', step: 0 })
    expect(addressOf({ path: '03' })).toEqual({ path: '03' })
    expect(addressOf({})).toEqual({})
    expect(playbackSearchOf({ ...addressOf({ path: '12', step: 1 }) })).toEqual({ path: '12', step: 1 })
  })

  it('finds a path by its id or by the key of the transition it ends with', () => {
    expect(pathOfAddress(paths, 'happy')?.kind).toBe('happy')
    expect(pathOfAddress(paths, '2')).toBe(paths[2])
    const failed = pathOfAddress(paths, 'signIn.submitting|xstate.error.actor.submitCredentials|0')!
    expect(failed.steps.at(-1)!.focusId).toBe('signIn.form.failed')
    expect(pathOfAddress(paths, '99')).toBeUndefined()
    expect(pathOfAddress(paths, undefined)).toBeUndefined()
  })

  it('keeps the step within the path', () => {
    const happy = pathOfAddress(paths, 'happy')!
    expect(stepWithin(happy, undefined)).toBe(0)
    expect(stepWithin(happy, 1)).toBe(1)
    expect(stepWithin(happy, 40)).toBe(happy.steps.length - 1)
  })
})
