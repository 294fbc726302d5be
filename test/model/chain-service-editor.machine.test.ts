import { describe, expect, it } from 'vitest'
import { chainServiceEditorMachine, type ChainServiceDraft } from '../../machines/chain-service-editor'
import { screenMetaOf } from '../../machines/route-meta'
import type { ServiceEditorContext } from '../../machines/service-editor'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import { writeWalkRecord } from '../support/walk-record-writer'
import { modelOptions, newServiceModelOptions, theirVersion } from './service-editor.model'

/** The chain's haircut, price set by the chain, in both salons of the chain. */
const draft: ChainServiceDraft = {
  title: "Women's haircut",
  category_title: 'Hair',
  duration: 3600,
  price_min: 3100,
  price_max: 3100,
  comment: 'Chain standard haircut',
  is_price_managed_only_in_chain: true,
  is_comment_managed_only_in_chain: false,
  salon_ids: [5, 6],
}
const withChainDraft = (options: typeof modelOptions) => ({
  ...options,
  events: { ...options.events, save: [{ draft }] },
})
const machine = chainServiceEditorMachine
const existing = createMachineModel(machine, withChainDraft(modelOptions))
const fresh = createMachineModel(machine, withChainDraft(newServiceModelOptions))

/** The editor lives on the chain's routes and sends the chain's draft; the lifecycle is the service editor's. */
function expectObservable(step: WalkedStep) {
  const context = step.snapshot.context as ServiceEditorContext<ChainServiceDraft>
  const meta = screenMetaOf(step.snapshot)
  for (const call of step.started) {
    if (call.id === 'saveService') {
      const expectedVersion =
        step.event.type === 'conflict.overwrite' || context.serviceId === null ? null : context.version
      expect(call.input).toEqual({ companyId: 5, serviceId: context.serviceId, draft, expectedVersion })
    }
  }
  switch (step.state) {
    case 'editing':
    case 'confirmingDelete':
    case 'conflict':
      expect(meta?.route).toBe('/company/$companyId/chain-services/$serviceKey')
      break
    case 'saved':
    case 'deleted':
      expect(meta).toMatchObject({ route: '/company/$companyId/chain-services', history: 'replace' })
      expect(step.snapshot.status).toBe('done')
      break
  }
  if (step.event.type === 'xstate.error.actor.saveService') {
    const { error } = step.event as unknown as { error: { status: number } }
    expect(step.state).toBe(error.status === 409 ? 'conflict' : 'editing')
  }
  if (step.event.type === 'xstate.done.actor.reloadService') expect(context.version).toBe(theirVersion)
}

describe('chainServiceEditor machine, model-based', () => {
  for (const path of existing.paths) {
    it(`existing chain service: ${path.description}`, () => existing.walk(path, expectObservable))
  }
  for (const path of fresh.paths) {
    it(`new chain service: ${path.description}`, () => fresh.walk(path, expectObservable))
  }

  it('covers every state and transition', () => {
    const walked = {
      machineId: machine.id,
      stateIds: new Set([...existing.walked.stateIds, ...fresh.walked.stateIds]),
      transitionKeys: new Set([...existing.walked.transitionKeys, ...fresh.walked.transitionKeys]),
      paths: existing.walked.paths + fresh.walked.paths,
    }
    writeWalkRecord('machine', import.meta.filename, walked)
    assertFullCoverage(machine, walked)
  })
})
