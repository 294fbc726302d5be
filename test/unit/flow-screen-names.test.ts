import { QueryClient } from '@tanstack/react-query'
import type { AnyRoute } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import { discoverMachines } from '../../scripts/flow-docs/discover-machines'
import { createAppRouter } from '../../src/app/router'
import { createSessionActor } from '../../src/app/session'
import { screenFileOf, screenOfRoute } from '../../src/flows/flow-diagrams/screen-of-route'
import type { ScreenMeta } from '../../machines/route-meta'
import { stateNodesOf } from '../../src/flow-graph/transition-label'

// The /flows panel names the screen of each state from the routes' `screenName`, a string that a minified build
// keeps; these checks run on the unminified code, where a component's own name can vouch for the string.
const queryClient = new QueryClient()
const router = createAppRouter({ queryClient, session: createSessionActor(queryClient) })
const routes: AnyRoute[] = Object.values(router.routesById)
const machines = (await discoverMachines()).map((entry) => entry.machine)

describe('screen names of the routes', () => {
  it('names the component of every route that renders a screen', () => {
    const wrong = routes.flatMap((route) => {
      const component = route.options.component as { name?: string } | undefined
      const name = component?.name ?? ''
      if (!name.endsWith('Screen')) return []
      const screenName = route.options.staticData?.screenName
      return screenName === name ? [] : [`${route.id}: renders ${name}, names ${String(screenName)}`]
    })
    expect(wrong).toEqual([])
  })

  it('names only screens that a screen module exports', () => {
    const unknown = routes.flatMap((route) => {
      const screenName = route.options.staticData?.screenName
      return screenName && !screenFileOf(screenName) ? [`${route.id}: ${screenName}`] : []
    })
    expect(unknown).toEqual([])
  })

  it('gives every screen state of every machine a screen and its file', () => {
    const missing = machines.flatMap((machine) =>
      stateNodesOf(machine).flatMap((node) => {
        const route = (node.meta as Partial<ScreenMeta> | undefined)?.route
        // `$returnTo` is wherever the visitor came from: no one route.
        if (typeof route !== 'string' || route.startsWith('$')) return []
        const screen = screenOfRoute(router, route)
        return screen?.file ? [] : [`${node.id} (${route})`]
      }),
    )
    expect(missing).toEqual([])
  })

  it.each([
    ['/signin?redirect=$invitePath', 'SignInScreen', 'src/flows/signin/sign-in-screen.tsx'],
    ['/signin/reset/confirm_code', 'ResetPasswordScreen', 'src/flows/reset/reset-password-screen.tsx'],
    ['/onboarding/second/$id', 'SecondStepScreen', 'src/flows/onboarding/second-step-screen.tsx'],
    ['/onboarding/complete/$id', 'RegistrationCompleteScreen', 'src/embedded/completion-screen.tsx'],
    [
      '/company/$companyId/services/$serviceKey',
      'ServiceEditorScreen',
      'src/business/services/service-editor-screen.tsx',
    ],
  ])('names the screen of %s', (route, name, file) => {
    expect(screenOfRoute(router, route)).toEqual({ name, file })
  })
})
