import { describe, expect, it } from 'vitest'
import { assign, fromPromise, setup } from 'xstate'
import { signInMachine } from '../../machines/sign-in'
import { layoutStatechart, technicalTexts, toElkGraph } from '../../src/flows/flow-diagrams/flow-layout'
import { machineCatalog } from '../../src/flows/flow-diagrams/machine-catalog'
import { statechartModelOf } from '../../src/flows/flow-diagrams/statechart-model'
import { discoverMachines } from '../../scripts/flow-docs/discover-machines'
import { stateNodesOf } from '../../src/flow-graph/transition-label'

// Every construct a flow may use: nesting, parallel regions, a delay, an invoke, an eventless
// transition with a guard, entry actions, a route and a final state.
const toyMachine = setup({
  types: {
    context: {} as { tries: number },
    events: {} as { type: 'code.sent' } | { type: 'code.resent' } | { type: 'flow.reset' },
  },
  actors: { sendCode: fromPromise<void, void>(async () => {}) },
  actions: { notify: () => {} },
  guards: { triedTooOften: ({ context }) => context.tries > 2 },
}).createMachine({
  id: 'toy',
  context: { tries: 0 },
  initial: 'sending',
  // A machine-wide transition: from the machine's own box to one of its states.
  on: { 'flow.reset': '.sending' },
  states: {
    sending: {
      meta: { route: '/confirm', area: 'public' },
      entry: ['notify', assign({ tries: ({ context }) => context.tries + 1 })],
      invoke: { id: 'sendCode', src: 'sendCode', onDone: 'waiting', onError: 'failed' },
    },
    waiting: {
      type: 'parallel',
      states: {
        countdown: { initial: 'running', states: { running: { after: { 1000: 'done' } }, done: {} } },
        resend: { on: { 'code.resent': { actions: 'notify' } } },
      },
      always: { guard: 'triedTooOften', target: 'failed' },
      on: { 'code.sent': 'sending' },
    },
    failed: { type: 'final' },
  },
})

describe('machine to diagram model', () => {
  const model = statechartModelOf(toyMachine)
  const state = (id: string) => model.states.find((candidate) => candidate.id === id)!

  it('nests states as children, in the order the machine declares them', () => {
    expect(model.root.children.map((child) => child.key)).toEqual(['sending', 'waiting', 'failed'])
    expect(state('toy.waiting').type).toBe('parallel')
    expect(state('toy.waiting').children.map((child) => child.key)).toEqual(['countdown', 'resend'])
    expect(state('toy.waiting.countdown').children.map((child) => child.id)).toEqual([
      'toy.waiting.countdown.running',
      'toy.waiting.countdown.done',
    ])
    expect(model.states).toHaveLength(stateNodesOf(toyMachine).length)
  })

  it('marks initial and final states', () => {
    expect(state('toy.sending').initial).toBe(true)
    expect(state('toy.waiting').initial).toBe(false)
    expect(state('toy.waiting.countdown.running').initial).toBe(true)
    expect(state('toy.failed').type).toBe('final')
  })

  it('carries routes, entry actions, invoked actors and timers', () => {
    expect(state('toy.sending')).toMatchObject({
      route: '/confirm',
      area: 'public',
      entry: ['notify', 'assign'],
      invokes: [{ id: 'sendCode', src: 'sendCode' }],
    })
    expect(state('toy.waiting.countdown.running').timers).toEqual(['after 1000'])
  })

  it('labels transitions with event and guard, invoke results, delays and eventless ones', () => {
    const labels = model.transitions.map((transition) => [
      transition.source,
      transition.label,
      transition.kind,
      transition.targets,
    ])
    expect(labels).toEqual(
      expect.arrayContaining([
        ['toy', 'flow.reset', 'event', ['toy.sending']],
        ['toy.sending', 'done: sendCode', 'done', ['toy.waiting']],
        ['toy.sending', 'error: sendCode', 'error', ['toy.failed']],
        ['toy.waiting', 'always [triedTooOften]', 'always', ['toy.failed']],
        ['toy.waiting', 'code.sent', 'event', ['toy.sending']],
        ['toy.waiting.countdown.running', 'after 1000', 'after', ['toy.waiting.countdown.done']],
        ['toy.waiting.resend', 'code.resent', 'event', ['toy.waiting.resend']],
      ]),
    )
    expect(model.transitions.find((transition) => transition.label === 'code.resent')).toMatchObject({
      internal: true,
      actions: ['notify'],
    })
  })

  it('keys transitions the way the coverage report and the inspector do', () => {
    expect(model.transitions.map((transition) => transition.key)).toContain('toy.waiting||0')
    expect(model.transitions.map((transition) => transition.key)).toContain(
      'toy.sending|xstate.done.actor.sendCode|0',
    )
  })
})

describe('diagram model to ELK graph and layout', () => {
  const model = statechartModelOf(toyMachine)

  it('builds a hierarchical graph with one labelled edge per transition target', () => {
    const graph = toElkGraph({ model, texts: technicalTexts, collapsed: new Set() })
    expect(graph.layoutOptions?.['elk.hierarchyHandling']).toBe('INCLUDE_CHILDREN')
    const [machineBox] = graph.children ?? []
    expect(machineBox?.id).toBe('state:toy')
    const waiting = machineBox?.children?.find((child) => child.id === 'state:toy.waiting')
    expect(waiting?.children?.map((child) => child.id)).toEqual([
      'state:toy.waiting.countdown',
      'state:toy.waiting.resend',
    ])
    expect(graph.edges).toHaveLength(model.transitions.length)
    const delayed = graph.edges?.find((edge) => edge.sources[0] === 'state:toy.waiting.countdown.running')
    expect(delayed?.targets).toEqual(['state:toy.waiting.countdown.done'])
    expect(delayed?.labels?.[0]?.text).toBe('⏱ after 1000')
  })

  it('draws a collapsed state as one box: its inner states hidden, their transitions from and to the box', () => {
    const graph = toElkGraph({ model, texts: technicalTexts, collapsed: new Set(['toy.waiting']) })
    const waiting = graph.children?.[0]?.children?.find((child) => child.id === 'state:toy.waiting')
    expect(waiting?.children).toBeUndefined()
    const ends = (graph.edges ?? []).flatMap((edge) => [...edge.sources, ...edge.targets])
    expect(ends.filter((end) => end.startsWith('state:toy.waiting.'))).toEqual([])
    expect(ends).toContain('state:toy.waiting')
    // Transitions that stay inside the closed box are not drawn.
    expect(graph.edges?.length).toBeLessThan(model.transitions.length)
  })

  it('places children inside their parents and routes every edge', async () => {
    const layout = await layoutStatechart({ model, texts: technicalTexts, collapsed: new Set() })
    const box = (id: string) => layout.states.find((laidOut) => laidOut.state.id === id)!
    const parent = box('toy.waiting.countdown')
    const child = box('toy.waiting.countdown.running')
    expect(child.x).toBeGreaterThanOrEqual(parent.x)
    expect(child.y).toBeGreaterThanOrEqual(parent.y)
    expect(child.x + child.width).toBeLessThanOrEqual(parent.x + parent.width)
    expect(child.y + child.height).toBeLessThanOrEqual(parent.y + parent.height)
    expect(layout.states).toHaveLength(model.states.length + 1)
    expect(layout.transitions).toHaveLength(model.transitions.length)
    for (const transition of layout.transitions) {
      expect(transition.points.length).toBeGreaterThanOrEqual(2)
      expect(transition.label?.width).toBeGreaterThan(0)
    }
  })
})

describe('the machine catalog of the app', () => {
  it('finds every machine that the docs generator finds', async () => {
    const entries = await discoverMachines()
    expect(machineCatalog.map((entry) => entry.machine.id)).toEqual(
      entries.map((entry) => entry.machine.id).sort((a, b) => a.localeCompare(b)),
    )
    expect(machineCatalog.find((entry) => entry.machine.id === 'signIn')?.machine).toBe(signInMachine)
  })

  it('lays out every real machine', async () => {
    for (const { machine } of machineCatalog) {
      const layout = await layoutStatechart({
        model: statechartModelOf(machine),
        texts: technicalTexts,
        collapsed: new Set(),
      })
      expect(layout.width).toBeGreaterThan(0)
    }
  })
})
