import { describe, expect, it, vi } from 'vitest'
import { createMissingKeyCollector, type MissingKey } from '../../src/i18n/missing-keys'

function setup(options: { batchSize?: number } = {}) {
  const logged: MissingKey[] = []
  const timers: (() => void)[] = []
  const collector = createMissingKeyCollector({
    log: (missing) => logged.push(missing),
    setTimer: (run) => timers.push(run),
    ...options,
  })
  const batches: MissingKey[][] = []
  const send = vi.fn((batch: MissingKey[]) => {
    batches.push(batch)
    return Promise.resolve()
  })
  return { collector, logged, timers, batches, send }
}

describe('the missing translation key collector', () => {
  it('logs each missing key once with its language, the same key in another language apart', () => {
    const { collector, logged } = setup()
    collector.report('ja', 'abc')
    collector.report('ja', 'abc')
    collector.report('de', 'abc')
    collector.report('ja', 'def')
    expect(logged).toEqual([
      { language: 'ja', key: 'abc' },
      { language: 'de', key: 'abc' },
      { language: 'ja', key: 'def' },
    ])
    expect(collector.seen()).toEqual(logged)
  })

  it('sends nothing until it has a sender, then sends what it saw in batches after a pause', () => {
    const { collector, timers, batches, send } = setup()
    collector.report('ja', 'a')
    collector.report('ja', 'b')
    expect(timers).toHaveLength(0)
    collector.sendWith(send)
    expect(batches).toEqual([])
    collector.report('ja', 'c')
    collector.report('ja', 'a')
    // One pause for the whole batch, not one per key.
    expect(timers).toHaveLength(1)
    timers[0]!()
    expect(batches).toEqual([
      [
        { language: 'ja', key: 'a' },
        { language: 'ja', key: 'b' },
        { language: 'ja', key: 'c' },
      ],
    ])
    collector.report('ja', 'a')
    collector.flush()
    expect(send).toHaveBeenCalledTimes(1)
  })

  it('stops sending when told (the translator left), and sends what it saw meanwhile to the next sender', () => {
    const { collector, timers, batches, send } = setup()
    collector.sendWith(send)
    collector.report('kk', 'a')
    collector.stopSending()
    collector.report('kk', 'b')
    for (const run of timers) run()
    expect(batches).toEqual([])
    const next = vi.fn((batch: MissingKey[]) => {
      batches.push(batch)
      return Promise.resolve()
    })
    collector.sendWith(next)
    timers.at(-1)!()
    expect(send).not.toHaveBeenCalled()
    expect(batches).toEqual([
      [
        { language: 'kk', key: 'a' },
        { language: 'kk', key: 'b' },
      ],
    ])
  })

  it('sends a full batch at once, and never more keys in one than the batch size', () => {
    const { collector, timers, batches, send } = setup({ batchSize: 2 })
    collector.sendWith(send)
    for (const key of ['a', 'b', 'c', 'd', 'e']) collector.report('lv', key)
    expect(batches.map((batch) => batch.map((item) => item.key))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ])
    timers.at(-1)!()
    expect(batches.map((batch) => batch.map((item) => item.key))).toEqual([['a', 'b'], ['c', 'd'], ['e']])
  })

  it('keeps working when the server refuses a batch', async () => {
    const { collector, timers } = setup()
    const failing = vi.fn(() => Promise.reject(new Error('403')))
    collector.sendWith(failing)
    collector.report('ja', 'a')
    timers[0]!()
    await Promise.resolve()
    collector.report('ja', 'b')
    timers[1]!()
    expect(failing).toHaveBeenCalledTimes(2)
  })
})

describe('watching the lookups of an i18n instance', () => {
  it('reports every message of a language without a catalog, and an id no catalog has, with the language', async () => {
    const { setupI18n } = await import('@lingui/core')
    const { watchMissingKeys } = await import('../../src/i18n/activate')
    const target = setupI18n()
    const { collector, logged } = setup()
    watchMissingKeys(target, collector)
    target.load({ en: { hello: 'Hello' }, ja: { hello: 'Hello' }, de: { hello: 'Hallo' } })
    target.activate('de')
    expect(target._('hello')).toBe('Hallo')
    expect(target.t({ id: 'unextracted', message: 'New' })).toBe('New')
    target.activate('ja')
    expect(target._('hello')).toBe('Hello')
    target.activate('en')
    target._('hello')
    expect(logged).toEqual([
      { language: 'de', key: 'unextracted' },
      { language: 'ja', key: 'hello' },
    ])
  })
})
