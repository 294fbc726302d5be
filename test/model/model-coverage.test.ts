import { describe, expect, it, vi } from 'vitest'
import { assign, fromPromise, setup } from 'xstate'
import { assertFullCoverage, createMachineModel } from '../support/model-coverage'

// A toy flow with every construct the real machines may grow: nested and parallel states,
// numeric and named delays, `always` with a guard, a counter in context and an invoked actor.
const toyMachine = setup({
  types: {
    context: {} as { resends: number },
    events: {} as { type: 'code.resent' } | { type: 'code.sent' },
  },
  actors: { sendCode: fromPromise<void, void>(async () => {}) },
  actions: { notify: () => {} },
  guards: { resentTooOften: ({ context }) => context.resends >= 2 },
  delays: { codeLifetime: 600_000 },
}).createMachine({
  id: 'toy',
  context: { resends: 0 },
  initial: 'sending',
  states: {
    sending: {
      invoke: { id: 'sendCode', src: 'sendCode', onDone: 'waiting', onError: 'failed' },
    },
    waiting: {
      type: 'parallel',
      after: { codeLifetime: 'expired' },
      states: {
        countdown: {
          initial: 'running',
          states: { running: { after: { 1000: 'done' } }, done: {} },
        },
        resend: {
          on: {
            'code.resent': { actions: [assign({ resends: ({ context }) => context.resends + 1 }), 'notify'] },
          },
        },
      },
      always: { guard: 'resentTooOften', target: 'failed' },
    },
    expired: { on: { 'code.sent': 'sending' } },
    failed: { type: 'final' },
  },
})

describe('the model helper on a toy machine', () => {
  const model = createMachineModel(toyMachine, {
    events: {
      'xstate.done.actor.sendCode': [{}],
      'xstate.error.actor.sendCode': [{ error: new Error('no route') }],
      'xstate.after.1000.toy.waiting.countdown.running': [{}],
      'xstate.after.codeLifetime.toy.waiting': [{}],
      'code.resent': [{}],
      'code.sent': [{}],
    },
  })

  it('walks every generated path on a live actor', async () => {
    for (const path of model.paths) await model.walk(path)
  })

  it('counts nested, parallel, delayed and eventless parts', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    expect(assertFullCoverage(toyMachine, model.walked)).toEqual({
      states: 8,
      transitions: 7,
      paths: model.paths.length,
    })
    expect(log).toHaveBeenCalledWith(`toy: 8 states, 7 transitions, ${model.paths.length} paths`)
    log.mockRestore()
  })

  it('lists what an incomplete walk missed', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const nothingWalked = {
      machineId: 'toy',
      stateIds: new Set<string>(),
      transitionKeys: new Set<string>(),
      paths: 0,
    }
    expect(() => assertFullCoverage(toyMachine, nothingWalked)).toThrow(
      /#toy\.waiting --always \[resentTooOften\]--> #toy\.failed/,
    )
    log.mockRestore()
  })

  it('exports the paths as plain data for screen tests', () => {
    const [first] = model.paths
    expect(first?.steps[0]).toEqual({
      event: { type: 'xstate.init' },
      state: 'sending',
      route: undefined,
      history: undefined,
      pendingActors: ['sendCode'],
    })
    expect(
      JSON.parse(JSON.stringify(model.paths.map((path) => path.steps.map((step) => step.state)))),
    ).toBeTruthy()
  })
})
