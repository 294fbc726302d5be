import type { BrowserContext, Frame, Page } from 'playwright-core'
import type { AnyStateMachine } from 'xstate'
import type { InspectedState } from '../../src/app/inspection'
import { routeMatches, type ScreenMeta } from '../../machines/route-meta'
import { isLanguage } from '../../contract/ui-languages'
import { createBrowserWalkRecorder, leafStateOf } from './browser-walk-recorder'
import { createFlowScreensCapture, flowScreensRequested, type CaptureOptions } from './flow-screens-capture'

/** The route of a state: its own `meta.route` or its nearest ancestor's. */
function routeOf(machine: AnyStateMachine, stateKey: string): string | undefined {
  const path = stateKey.split('.')
  for (let length = path.length; length > 0; length -= 1) {
    const node = machine.getStateNodeById(`${machine.id}.${path.slice(0, length).join('.')}`)
    const route = (node.meta as Partial<ScreenMeta> | undefined)?.route
    if (route) return route
  }
  return undefined
}

/**
 * Screenshots from journeys written by hand (a flow without a browser model suite, such as onboarding): the
 * journey calls `shoot` where it has seen a screen, and the state each machine's actor is in then is
 * photographed into docs/flows/screens/ like the model suites' (test/support/flow-screens-capture.ts), once per
 * state. Does nothing unless FLOW_SCREENS=1 (`npm run docs:flow-screens -- --machine onboarding`); the pages
 * must then be opened with `?inspect=1` (`inspectQuery`) so the app's actors say where they are.
 */
export function createJourneyFlowScreens(
  machines: AnyStateMachine[],
  /**
   * The route of a machine whose states name none, when it is drawn on one screen only: a child actor shown on
   * its parent's screen (confirmationChannel on onboarding's confirm-code page). Its states are photographed
   * only there, not on the page that follows once it has finished.
   */
  screenRoutes: Record<string, string> = {},
) {
  const recorder = createBrowserWalkRecorder()
  const captures = machines.map((machine) => ({ machine, capture: createFlowScreensCapture(machine) }))
  const followed = new WeakMap<BrowserContext, InspectedState[]>()

  /**
   * The state of `machine` the page shows: its actor's latest, when that state's route is the address. A state
   * whose route is any page (the session's signed-in state) is the screen only when the journey says so.
   */
  function shownState(machine: AnyStateMachine, app: Frame, named: boolean): string | undefined {
    const latest = followed
      .get(app.page().context())
      ?.filter((state) => state.machineId === machine.id)
      .at(-1)
    if (!latest || (latest.status !== 'active' && latest.status !== 'done')) return undefined
    const stateKey = leafStateOf(latest)
    const route = routeOf(machine, stateKey.split(' | ')[0]!) ?? screenRoutes[machine.id]
    const [, first, ...rest] = new URL(app.url()).pathname.split('/')
    const path = isLanguage(first) ? `/${rest.join('/')}` : new URL(app.url()).pathname
    if (route === undefined) return stateKey
    if (/^\$\w+$/.test(route)) return named ? stateKey : undefined
    return routeMatches(route, path) ? stateKey : undefined
  }

  return {
    /** `&inspect=1` while screenshots are taken, for the first address a journey opens in a tab. */
    inspectQuery: flowScreensRequested ? 'inspect=1' : '',
    /** Follows what the app's actors publish in `context` (before its first page opens). */
    async follow(context: BrowserContext) {
      if (flowScreensRequested) followed.set(context, await recorder.attach(context))
    },
    /**
     * Photographs the screen on `page` as the state each machine (or only the one named) is in now: the journey
     * has just seen it. Waits briefly for the actors' reports, which travel beside the page's own drawing.
     * `options.subject` is scrolled into view in each picture (the part of a long page the state is about).
     * `options.app` is the frame the app runs in when another page frames it: its address and actors
     * decide the state, and the picture is of the whole page with the frame in it (`CaptureOptions`).
     * A machine in parallel states (`active.code.editing | active.resend.ready`) is in each of its regions' leaf
     * states at once, and the picture is taken as each of those not yet photographed.
     */
    async shoot(page: Page, only?: AnyStateMachine, options: CaptureOptions = {}) {
      if (!flowScreensRequested) return
      const app = options.app ?? page.mainFrame()
      if (options.waitForNetwork !== false) await page.waitForLoadState('networkidle')
      // A machine whose screen is elsewhere (the session's sign-in page during onboarding) never matches.
      const deadline = Date.now() + 1_000
      const shown = () =>
        captures.map(({ machine }) =>
          only === undefined || only === machine ? shownState(machine, app, only === machine) : undefined,
        )
      let states = shown()
      const awaited = (state: string | undefined, index: number) =>
        state === undefined && (only === undefined || captures[index]!.machine === only)
      while (states.some(awaited) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        states = shown()
      }
      for (const [index, { capture }] of captures.entries()) {
        const state = states[index]
        for (const leaf of state?.split(' | ') ?? []) await capture.capture(page, leaf, options)
      }
    },
    /** Writes each machine's manifest, after the journeys. */
    finish() {
      for (const { capture } of captures) capture.finish()
    },
  }
}
