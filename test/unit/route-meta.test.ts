// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createActor, createMachine } from 'xstate'
import { screenMetaOf } from '../../machines/route-meta'

// A parent state with a route of its own and children with and without one, as the flow machines nest them.
const machine = createMachine({
  id: 'flow',
  initial: 'area',
  states: {
    area: {
      meta: { route: '/area', area: 'private' },
      initial: 'screen',
      states: {
        screen: { meta: { route: '/area/screen' }, on: { next: 'busy' } },
        busy: { meta: { label: 'no route here' }, on: { next: 'plain' } },
        plain: { meta: { route: 42 } },
      },
    },
  },
})

describe('screenMetaOf', () => {
  it('answers the deepest active state that names a route', () => {
    const actor = createActor(machine).start()
    expect(screenMetaOf(actor.getSnapshot())).toEqual({ route: '/area/screen' })
  })

  it('falls back to the nearest ancestor with a route when the active state has none', () => {
    const actor = createActor(machine).start()
    actor.send({ type: 'next' })
    expect(screenMetaOf(actor.getSnapshot())).toEqual({ route: '/area', area: 'private' })
    actor.send({ type: 'next' })
    expect(screenMetaOf(actor.getSnapshot())).toEqual({ route: '/area', area: 'private' })
  })

  it('answers undefined when no active state names a route', () => {
    expect(screenMetaOf({ getMeta: () => ({ a: undefined, b: { label: 'x' } }) })).toBeUndefined()
  })
})
