import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { tickedItems, type SetupChecklistContext, type SetupProgress } from '../../machines/setup-checklist'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import { writeWalkRecord } from '../support/walk-record-writer'
import { everything, halfway, machine, modelOptions, nothingYet } from './setup-checklist.model'

const model = createMachineModel(machine, modelOptions)

/** What the owner sees: the checklist open while something is left, gone once all is done, reread on a change. */
function expectObservable(step: WalkedStep) {
  const context = step.snapshot.context as SetupChecklistContext
  for (const call of step.started) expect(call).toMatchObject({ id: 'readProgress', input: { companyId: 5 } })
  if (step.event.type === 'xstate.done.actor.readProgress') {
    const { output } = step.event as unknown as { output: SetupProgress }
    expect(context.progress).toEqual(output)
    const allDone = Object.values(tickedItems(output)).every(Boolean)
    expect(step.state).toBe(allDone ? 'done' : 'open')
  }
  if (step.event.type === 'data.changed' || step.event.type === 'retry') {
    // A change or a retry reads the data again, once.
    expect(step.state).toBe('reading')
    expect(step.started).toHaveLength(1)
  }
  if (step.state === 'done') expect(step.snapshot.status).toBe('done')
}

describe('setupChecklist machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, () => model.walk(path, expectObservable))
  }

  it('ticks each item from its own data', () => {
    expect(tickedItems(nothingYet)).toEqual({ category: false, services: false, staff: false, hours: false })
    expect(tickedItems(halfway)).toEqual({ category: true, services: false, staff: true, hours: true })
    expect(tickedItems(everything)).toEqual({ category: true, services: true, staff: true, hours: true })
    expect(tickedItems({ categories: 1, services: 1, staff: 1, hoursSet: false })).toEqual({
      category: true,
      services: true,
      staff: true,
      hours: false,
    })
  })

  it('is not done while the opening hours are unset, whatever else exists', async () => {
    const actor = createActor(
      machine.provide({
        actors: {
          readProgress: fromPromise(async (): Promise<SetupProgress> => ({
            categories: 3,
            services: 9,
            staff: 4,
            hoursSet: false,
          })),
        },
      }),
      { input: { companyId: 5 } },
    ).start()
    await waitFor(actor, (snapshot) => !snapshot.matches('reading'))
    expect(actor.getSnapshot().value).toBe('open')
    actor.stop()
  })

  it('covers every state and transition', () => {
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(machine, model.walked)
  })
})
