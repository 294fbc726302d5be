import { describe, expect, it, vi } from 'vitest'
import { createReferencesActor, requireReferences } from '../../src/api/references/references-actor'

/** A loader that answers when the test lets it, counting its calls. */
function controlledLoader(value: unknown) {
  const pending: { resolve: (value: unknown) => void; reject: (error: Error) => void }[] = []
  const load = vi.fn(() => new Promise<unknown>((resolve, reject) => pending.push({ resolve, reject })))
  return {
    load,
    answer: () => pending.shift()!.resolve(value),
    fail: (message: string) => pending.shift()!.reject(new Error(message)),
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** SPEC.md section 8: the words a developer gets for an entity that no API call serves. */
const specMessage = 'There is no API resource for entity'

describe('requireReferences (the require-once call)', () => {
  it('loads an entity asked for twice at the same time once, then answers it from memory', async () => {
    const kkm = controlledLoader([{ id: 1 }])
    const countries = controlledLoader([{ id: 7 }])
    const actor = createReferencesActor({ kkm_integration: kkm.load, countries: countries.load })
    expect(actor.getSnapshot().context.references).toEqual({ kkm_integration: null, countries: null })

    const first = requireReferences(actor, ['kkm_integration'])
    const second = requireReferences(actor, ['kkm_integration'])
    await flush()
    kkm.answer()
    expect(await first).toEqual({ kkm_integration: [{ id: 1 }] })
    expect(await second).toEqual({ kkm_integration: [{ id: 1 }] })
    expect(kkm.load).toHaveBeenCalledTimes(1)

    const both = requireReferences(actor, ['kkm_integration', 'countries'])
    await flush()
    countries.answer()
    expect(await both).toEqual({ kkm_integration: [{ id: 1 }], countries: [{ id: 7 }] })
    expect(kkm.load).toHaveBeenCalledTimes(1)
    expect(countries.load).toHaveBeenCalledTimes(1)
    actor.stop()
  })

  it('rejects an unknown entity with the specification’s message and reports it', async () => {
    const reported: string[] = []
    const actor = createReferencesActor({ kkm_integration: async () => [] }, (message) =>
      reported.push(message),
    )
    await expect(requireReferences(actor, ['kkm_integration', 'planets'])).rejects.toThrow(specMessage)
    expect(reported).toEqual([specMessage])
    expect(actor.getSnapshot().context.references.kkm_integration).toBeNull()
    actor.stop()
  })

  it('rejects when loading fails, keeps the entity null and loads it again on the next call', async () => {
    const kkm = controlledLoader(['ok'])
    const actor = createReferencesActor({ kkm_integration: kkm.load }, () => {})
    const failing = requireReferences(actor, ['kkm_integration'])
    await flush()
    kkm.fail('network down')
    await expect(failing).rejects.toThrow('network down')
    expect(actor.getSnapshot().context.references.kkm_integration).toBeNull()

    const retry = requireReferences(actor, ['kkm_integration'])
    await flush()
    kkm.answer()
    expect(await retry).toEqual({ kkm_integration: ['ok'] })
    expect(kkm.load).toHaveBeenCalledTimes(2)
    actor.stop()
  })
})
