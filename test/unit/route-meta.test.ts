// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { createActor, createMachine } from 'xstate'
import { fillRoute, routeEventFor, routeMatches, screenMetaOf } from '../../machines/route-meta'

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

describe('fillRoute', () => {
  it('fills each $name segment, encoded', () => {
    expect(fillRoute('/invite/$token', { token: 'a b/c' })).toBe('/invite/a%20b%2Fc')
    expect(fillRoute('/signin?redirect=$invitePath', { invitePath: '/en/invite/x' })).toBe(
      '/signin?redirect=%2Fen%2Finvite%2Fx',
    )
  })

  it('leaves a missing segment empty and drops a query parameter that has no value', () => {
    expect(fillRoute('/onboarding/complete/$registrationId', {})).toBe('/onboarding/complete/')
    expect(fillRoute('/?company=$joinedCompanyId', { joinedCompanyId: 2 })).toBe('/?company=2')
    expect(fillRoute('/?company=$joinedCompanyId', { joinedCompanyId: null })).toBe('/')
    expect(fillRoute('/records?from=$from&to=$to', { to: 7 })).toBe('/records?to=7')
    expect(fillRoute('/records?from=$from&to=$to', { from: 1, to: 7 })).toBe('/records?from=1&to=7')
    expect(fillRoute('/records', { from: 1 })).toBe('/records')
  })

  it('uses a route that is one $name alone as a whole path, unencoded, or / when there is none', () => {
    expect(fillRoute('$returnTo', { returnTo: '/en/records?day=2' })).toBe('/en/records?day=2')
    expect(fillRoute('$returnTo', {})).toBe('/')
    // A $name followed by more is an ordinary segment.
    expect(fillRoute('$section/edit', { section: 'a b' })).toBe('a%20b/edit')
  })
})

describe('routeMatches', () => {
  it('matches one segment for each $name, with or without a trailing slash', () => {
    expect(routeMatches('/invite/$token', '/invite/abc')).toBe(true)
    expect(routeMatches('/invite/$token', '/invite/abc/')).toBe(true)
    expect(routeMatches('/invite/$token', '/invite/')).toBe(false)
    expect(routeMatches('/invite/$token', '/invite/abc/more')).toBe(false)
  })

  it('matches the whole path only, ignoring the route’s query', () => {
    expect(routeMatches('/signin?redirect=$invitePath', '/signin')).toBe(true)
    expect(routeMatches('/signin', '/signin/reset/send_code')).toBe(false)
    expect(routeMatches('/signin', '/en/signin')).toBe(false)
  })

  it('takes the other characters of a route literally', () => {
    expect(routeMatches('/files/report.pdf', '/files/report.pdf')).toBe(true)
    expect(routeMatches('/files/report.pdf', '/files/reportxpdf')).toBe(false)
  })
})

describe('routeEventFor', () => {
  // Routable states (`route: {}`) at two depths; one screen's route comes from its initial child.
  const flow = createMachine({
    id: 'flow',
    initial: 'steps',
    states: {
      steps: {
        initial: 'first',
        states: {
          first: { id: 'firstStep', route: {}, meta: { route: '/flow/$id/first' } },
          second: {
            id: 'secondStep',
            route: {},
            initial: 'editing',
            states: { editing: { meta: { route: '/flow/second' } } },
          },
        },
      },
      // A routable state that shows no screen of its own: no path names it.
      waiting: { id: 'waiting', route: {} },
      // A screen the URL cannot move the machine to: it has a route but is not routable.
      finished: { meta: { route: '/flow/finished' } },
    },
  })

  it('names the routable state whose screen the path shows', () => {
    expect(routeEventFor(flow, '/flow/7/first')).toEqual({ type: 'xstate.route', to: '#firstStep' })
    expect(routeEventFor(flow, '/flow/second')).toEqual({ type: 'xstate.route', to: '#secondStep' })
  })

  it('answers null for a screen that is not routable and for a path no state names', () => {
    expect(routeEventFor(flow, '/flow/finished')).toBeNull()
    expect(routeEventFor(flow, '/elsewhere')).toBeNull()
  })
})
