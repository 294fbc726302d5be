import { describe, expect, it } from 'vitest'
import {
  countInWindow,
  recordHit,
  releaseHit,
  reserveHit,
  reserveHits,
  secondsUntilWindowEnds,
  settleHits,
} from '../../server/rate-limit/fixed-window-counter'
import { testDatabases, useTestServer } from '../support/server-harness'

describe.each(testDatabases())('attempt counters (%s)', (kind) => {
  const server = useTestServer(kind, { seed: false })

  it('grants exactly the limit when fifty reservations race for one key', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => reserveHit(server.db, 'race:one', 60, 5)),
    )
    const granted = results.filter((count) => count !== null)
    expect(granted.sort()).toEqual([1, 2, 3, 4, 5])
    expect(await countInWindow(server.db, 'race:one', 60)).toBe(5)
  })

  it('refuses without recording once the limit is reached, and grants again after a release', async () => {
    for (let i = 0; i < 3; i++) await reserveHit(server.db, 'release:one', 60, 3)
    expect(await reserveHit(server.db, 'release:one', 60, 3)).toBeNull()
    expect(await countInWindow(server.db, 'release:one', 60)).toBe(3)
    await releaseHit(server.db, 'release:one')
    expect(await reserveHit(server.db, 'release:one', 60, 3)).toBe(3)
  })

  it('starts a new window once the old one has ended', async () => {
    const long = new Date(Date.now() - 120_000)
    for (let i = 0; i < 2; i++) await recordHit(server.db, 'window:one', 60, long)
    expect(await reserveHit(server.db, 'window:one', 60, 2, long)).toBeNull()
    expect(await reserveHit(server.db, 'window:one', 60, 2)).toBe(1)
  })

  it('lets many sign-ins of one account reserve and settle the same counters at once without a deadlock', async () => {
    // What a burst of right passwords does (server/auth/sign-in-throttle.ts): each reserves the four counters,
    // then forgets three and gives one back, while the others reserve them again. Before the counters were locked
    // in one order, PostgreSQL ended some of these with "deadlock detected" (a 500 for the sign-in).
    const counters = ['signin:pair:user:1:10.0.0.1', 'signin:account:user:1', 'signin:account-day:user:1']
    const address = 'signin:ip:10.0.0.1'
    const signIn = async () => {
      for (let round = 0; round < 15; round++) {
        const reservations = [...counters, address].map((key) => ({ key, windowSec: 60, max: 10_000 }))
        const counts = await reserveHits(server.db, reservations)
        expect(counts.every((count) => count !== null)).toBe(true)
        await settleHits(server.db, { reset: counters, release: [address] })
      }
    }
    await Promise.all(Array.from({ length: 8 }, signIn))
    expect(await countInWindow(server.db, address, 60)).toBe(0)
  })

  it('gives each key of one reservation its own window and limit, whatever their number and order', async () => {
    // reserveHits runs one prepared statement per number of keys; the rows go in the order of their keys, the
    // limits and windows by placeholder: a mix-up would give one key another's limit or window.
    const long = new Date(Date.now() - 120_000)
    await recordHit(server.db, 'mix:b-short', 60, long)
    await recordHit(server.db, 'mix:b-short', 60, long)
    const reserve = () =>
      reserveHits(server.db, [
        { key: 'mix:z-one', windowSec: 60, max: 1 },
        { key: 'mix:b-short', windowSec: 60, max: 2 },
        { key: 'mix:a-three', windowSec: 3600, max: 3 },
      ])
    // mix:b-short's old window has ended, so it starts again at 1.
    expect(await reserve()).toEqual([1, 1, 1])
    expect(await reserve()).toEqual([null, 2, 2])
    expect(await reserve()).toEqual([null, null, 3])
    expect(await reserve()).toEqual([null, null, null])
    expect(await reserveHits(server.db, [{ key: 'mix:z-one', windowSec: 60, max: 2 }])).toEqual([2])

    await settleHits(server.db, { reset: ['mix:a-three'], release: [] })
    await settleHits(server.db, { reset: [], release: ['mix:b-short', 'mix:z-one'] })
    expect(await countInWindow(server.db, 'mix:a-three', 3600)).toBe(0)
    expect(await countInWindow(server.db, 'mix:b-short', 60)).toBe(1)
    expect(await countInWindow(server.db, 'mix:z-one', 60)).toBe(1)
  })

  it('never releases below zero', async () => {
    await releaseHit(server.db, 'never-hit')
    await reserveHit(server.db, 'zero:one', 60, 5)
    await releaseHit(server.db, 'zero:one')
    await releaseHit(server.db, 'zero:one')
    expect(await countInWindow(server.db, 'zero:one', 60)).toBe(0)
  })

  it('tells how long until a window ends', async () => {
    const started = new Date(Date.now() - 20_000)
    await reserveHit(server.db, 'retry:one', 60, 5, started)
    expect(await secondsUntilWindowEnds(server.db, 'retry:one', 60)).toBeGreaterThanOrEqual(39)
    expect(await secondsUntilWindowEnds(server.db, 'retry:one', 60)).toBeLessThanOrEqual(40)
    expect(await secondsUntilWindowEnds(server.db, 'retry:none', 60)).toBe(0)
  })
})
