import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, createMachine, type AnyActorRef } from 'xstate'
import { useFlowRouting, type FlowRoutingOptions } from '../../src/app/flow-routing'

/* The one flow–route bridge on its own: a bare router with a language segment and one flow. */

afterEach(() => cleanup())

/** A flow whose only screen is /b. */
const machineOnB = createMachine({ id: 'flow', initial: 'onB', states: { onB: { meta: { route: '/b' } } } })

function renderBridge(
  actor: AnyActorRef,
  initialPath: string,
  options: (owned: boolean) => FlowRoutingOptions,
) {
  function Host() {
    const [owned, setOwned] = useState(false)
    useFlowRouting(actor, options(owned))
    return (
      <>
        <p>Flow host</p>
        <button type="button" onClick={() => setOwned(true)}>
          Own the URL
        </button>
      </>
    )
  }
  const rootRoute = createRootRoute({ component: Outlet })
  const langRoute = createRoute({ getParentRoute: () => rootRoute, path: '$lang', component: Host })
  const pageRoute = createRoute({ getParentRoute: () => langRoute, path: '$page', component: () => null })
  const history = createMemoryHistory({ initialEntries: [initialPath] })
  const router = createRouter({
    routeTree: rootRoute.addChildren([langRoute.addChildren([pageRoute])]),
    history,
  })
  render(<RouterProvider router={router} />)
  return { router, history }
}

describe('useFlowRouting', () => {
  it('moves the user as soon as the flow starts to own the URL, though the machine did not move', async () => {
    const actor = createActor(machineOnB).start()
    const { router } = renderBridge(actor, '/en/a', (owned) => ({ owns: () => owned }))
    const button = await screen.findByRole('button', { name: 'Own the URL' })
    // Not owned: the user stays where they went.
    expect(router.state.location.pathname).toBe('/en/a')
    act(() => button.click())
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/b'))
  })

  it('a URL the flow refuses is put back to the machine route in place of the opened one', async () => {
    const actor = createActor(machineOnB).start()
    const { router, history } = renderBridge(actor, '/en/b', () => ({
      urlEvent: () => ({ type: 'ignored' }),
    }))
    await screen.findByText('Flow host')
    const entries = history.length
    await act(async () => history.push('/en/c'))
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/b'))
    // The refused /en/c was replaced, not stacked: Back does not walk into it again.
    expect(history.length).toBe(entries + 1)
  })
})
