import { describe, expect, it } from 'vitest'
import type { CompositeStatusContext, CompositeStatusEvent } from '../../machines/composite-status'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import { writeWalkRecord } from '../support/walk-record-writer'
import { machine, modelOptions } from './composite-status.model'

const model = createMachineModel(machine, modelOptions)

/** What the owner sees: ready exactly when two or more parts are all bookable; the parts as they arranged them. */
function expectObservable(step: WalkedStep, previous: CompositeStatusContext | undefined) {
  const { parts } = step.snapshot.context as CompositeStatusContext
  const ready = parts.length >= 2 && parts.every((part) => part.bookable)
  expect(step.state).toBe(ready ? 'ready' : 'notConfigured')
  const ids = parts.map((part) => part.serviceId)
  const before = previous?.parts.map((part) => part.serviceId) ?? []
  const event = step.event as unknown as CompositeStatusEvent
  if (event.type === 'part.added') expect(ids).toEqual([...before, event.part.serviceId])
  if (event.type === 'part.removed') expect(ids).toEqual(before.filter((id) => id !== event.serviceId))
  if (event.type === 'part.moved') expect(ids).toEqual([...before].reverse())
}

describe('compositeStatus machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      let previous: CompositeStatusContext | undefined
      await model.walk(path, (step) => {
        expectObservable(step, previous)
        previous = step.snapshot.context as CompositeStatusContext
      })
    })
  }

  it('covers every state and transition', () => {
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(machine, model.walked)
  })
})
