import { toDirectedGraph, type DirectedGraphNode } from '@xstate/graph'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import type { InspectedState } from '../../src/app/inspection'
import type { ScreenMeta } from '../../machines/route-meta'
import { transitionKey, transitionLabel } from '../../src/flow-graph/transition-label'
import { leafStateOf, type BrowserWalkRecorder } from './browser-walk-recorder'
import type { FlowScreensCapture } from './flow-screens-capture'
import { startModelActor } from './model-actor-run'
import {
  createMachineModel,
  type MachineModelOptions,
  type ModelPath,
  type ModelStep,
} from './model-coverage'

/** One generated path as it runs in a browser context of its own. */
export interface Journey {
  origin: string
  context: BrowserContext
  page: Page
  path: ModelPath
  /** What the app's actors published in this context, in order. */
  published: InspectedState[]
  /** Free room for what one step leaves to a later one (a token read from a reply, an account). */
  data: Record<string, unknown>
}

/**
 * How a machine's generated paths run in Chromium against the real server. The event cases are the ones
 * the real server and a real user can produce; the actor's done/error events are server replies, so the
 * user event before one looks at it (`next`) to choose what to type.
 */
export interface BrowserModel {
  machine: AnyStateMachine
  options: MachineModelOptions
  /** Transitions no browser can take against the real server, each with the reason. */
  unreachable: Record<string, string>
  /** Performs one step: `xstate.init` opens the page, a user event types or clicks, a reply may need nothing. */
  act: (journey: Journey, step: ModelStep, next: ModelStep | undefined) => Promise<void>
  /**
   * What the user sees in each state, by dotted state key; `null` for a state that only waits for the server
   * (it lasts milliseconds on loopback, so its screen cannot be caught reliably; the actor's record still
   * shows it was entered).
   */
  see: Record<string, ((journey: Journey) => Promise<void>) | null>
  /** Runs before a journey starts, e.g. to put an account in the right state for it. */
  prepare?: (journey: Journey) => Promise<void>
  /** Journeys that must not share time with others (shared accounts); the rest run in parallel. */
  runsAlone?: (path: ModelPath) => boolean
}

/** The transitions a path takes, from a replay on the bare machine, to choose few paths that take them all. */
function transitionsOf(model: BrowserModel, path: ModelPath): Promise<Set<string>> {
  const run = startModelActor(model.machine, { actors: model.options.actors, input: model.options.input })
  const keys = new Set<string>()
  return (async () => {
    try {
      for (const step of path.steps) {
        await run.perform(step.event)
        for (const transition of run.takeObservation().transitions) keys.add(transitionKey(transition))
      }
    } finally {
      run.actor.stop()
    }
    return keys
  })()
}

/**
 * The shortest paths of the machine graph (@xstate/graph, through `createMachineModel`), cut down to few
 * that still take every reachable transition: greedily the path that adds most untaken transitions,
 * the shorter on a tie. Short journeys keep the browser run fast.
 */
export async function browserJourneyPaths(model: BrowserModel): Promise<ModelPath[]> {
  const { paths } = createMachineModel(model.machine, model.options)
  const candidates = await Promise.all(
    paths.map(async (path) => ({ path, keys: await transitionsOf(model, path) })),
  )
  const taken = new Set<string>()
  const chosen: ModelPath[] = []
  for (;;) {
    const gain = (keys: Set<string>) => [...keys].filter((key) => !taken.has(key)).length
    const best = candidates
      .filter((candidate) => !chosen.includes(candidate.path) && gain(candidate.keys) > 0)
      .sort((a, b) => gain(b.keys) - gain(a.keys) || a.path.steps.length - b.path.steps.length)[0]
    if (!best) break
    chosen.push(best.path)
    for (const key of best.keys) taken.add(key)
  }
  return chosen
}

async function until(condition: () => boolean, what: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what()}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * Waits, after an interruption, for the page's actor to have reported its states: it reports through the
 * inspector a moment after the page settles, on a busy machine later than the network goes quiet. A flow that
 * starts again reports within seconds (then nothing new for half a second); one that does not start, never.
 */
async function reportsSettled(reported: () => number) {
  if (reported() > 0) return
  const deadline = Date.now() + 5_000
  while (reported() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25))
  let seen = reported()
  let quietSince = Date.now()
  while (seen > 0 && Date.now() - quietSince < 500 && Date.now() < deadline + 5_000) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    if (reported() !== seen) {
      seen = reported()
      quietSince = Date.now()
    }
  }
}

/**
 * Runs one path: each step is acted in the page, then the app's own actor must report the step's state
 * (after what it reported for the previous step), then the screen must show that state. A state with a
 * route must also be where the address bar is. `screens` photographs each screen state it shows (docs:flow-screens).
 */
export async function runJourney(
  model: BrowserModel,
  browser: Browser,
  recorder: BrowserWalkRecorder,
  origin: string,
  path: ModelPath,
  screens?: FlowScreensCapture,
) {
  const context = await browser.newContext()
  const published = await recorder.attach(context)
  const page = await context.newPage()
  const journey: Journey = { origin, context, page, path, published, data: {} }
  const machineId = model.machine.id
  let cursor = 0
  try {
    await model.prepare?.(journey)
    for (const [index, step] of path.steps.entries()) {
      await model.act(journey, step, path.steps[index + 1])
      const isStep = (state: InspectedState) =>
        state.machineId === machineId && leafStateOf(state) === step.state
      await until(
        () => published.slice(cursor).some(isStep),
        () =>
          `${machineId} to reach "${step.state}" after ${step.event.type}; it reported: ${published
            .filter((state) => state.machineId === machineId)
            .map(leafStateOf)
            .join(' → ')}`,
        20_000,
      )
      cursor += published.slice(cursor).findIndex(isStep) + 1
      const see = model.see[step.state]
      if (see === undefined) throw new Error(`No screen assertion for ${machineId} state "${step.state}"`)
      if (see) {
        await see(journey)
        const route = screenRouteOf(model.machine, step.state)
        if (route) expect(new URL(page.url()).pathname).toBe(`/en${route === '/' ? '' : route}`)
        await screens?.capture(page, step.state)
      }
    }
    recorder.walkOf(machineId).paths += 1
  } finally {
    await context.close()
  }
}

/** The route a state's `meta` names (see machines/route-meta.ts); routes with parameters are left out. */
function screenRouteOf(machine: AnyStateMachine, stateKey: string): string | undefined {
  const node = machine.getStateNodeById(`${machine.id}.${stateKey}`)
  const route = (node.meta as Partial<ScreenMeta> | undefined)?.route
  return route && !route.includes('$') ? route : undefined
}

/** Runs journeys: the ones that may share time in parallel (at most `parallel`), the others one by one. */
export async function runJourneys(
  model: BrowserModel,
  browser: Browser,
  recorder: BrowserWalkRecorder,
  origin: string,
  paths: ModelPath[],
  parallel = 3,
  screens?: FlowScreensCapture,
) {
  const alone = paths.filter((path) => model.runsAlone?.(path))
  const shared = paths.filter((path) => !alone.includes(path))
  const queue = [...shared]
  const failures: unknown[] = []
  const worker = async () => {
    for (let path = queue.shift(); path; path = queue.shift()) {
      await runJourney(model, browser, recorder, origin, path, screens).catch((error: unknown) =>
        failures.push(new Error(`${path.description}: ${String(error)}`)),
      )
    }
  }
  const sequential = (async () => {
    for (const path of alone) {
      await runJourney(model, browser, recorder, origin, path, screens).catch((error: unknown) =>
        failures.push(new Error(`${path.description}: ${String(error)}`)),
      )
    }
  })()
  await Promise.all([sequential, ...Array.from({ length: parallel - 1 }, worker)])
  if (failures.length > 0) throw new Error(failures.map(String).join('\n\n'))
}

/**
 * Fails unless the app's actors in the browser took every transition of the machine graph, except those
 * declared unreachable (which must then really be untaken, so a stale excuse shows up too).
 */
export function expectEveryTransitionWalked(model: BrowserModel, recorder: BrowserWalkRecorder) {
  const walked = recorder.walkOf(model.machine.id)
  const all = new Map<string, string>()
  const visit = (graphNode: DirectedGraphNode) => {
    const node = graphNode.stateNode
    for (const transition of [...graphNode.edges.map((edge) => edge.transition), ...(node.always ?? [])]) {
      all.set(transitionKey(transition), `#${node.id} --${transitionLabel(transition)}-->`)
    }
    for (const child of graphNode.children) visit(child)
  }
  visit(toDirectedGraph(model.machine))
  const missing = [...all].filter(([key]) => !walked.transitionKeys.has(key) && !(key in model.unreachable))
  expect(missing.map(([, label]) => label)).toEqual([])
  const excusedButWalked = Object.keys(model.unreachable).filter((key) => walked.transitionKeys.has(key))
  expect(excusedButWalked).toEqual([])
  for (const key of Object.keys(model.unreachable)) expect(all.has(key), key).toBe(true)
}

/**
 * Runs a path up to `steps` steps, then reloads the page or goes Back, and checks that what the user then
 * sees agrees with the app's actor: if the machine runs, its state's screen is shown at its route; if it
 * does not, the address bar is on none of its routes (the user left the flow).
 */
export async function runInterruptedJourney(
  model: BrowserModel,
  browser: Browser,
  recorder: BrowserWalkRecorder,
  origin: string,
  path: ModelPath,
  steps: number,
  interruption: 'reload' | 'back',
) {
  const context = await browser.newContext()
  const published = await recorder.attach(context)
  const page = await context.newPage()
  // The journey is the walked part only, so that preparing it provides for no step that never runs.
  const walked = { ...path, steps: path.steps.slice(0, steps) }
  const journey: Journey = { origin, context, page, path: walked, published, data: {} }
  const machineId = model.machine.id
  try {
    await model.prepare?.(journey)
    for (const [index, step] of walked.steps.entries()) {
      await model.act(journey, step, path.steps[index + 1])
      await until(
        () => published.some((state) => state.machineId === machineId && leafStateOf(state) === step.state),
        () => `${machineId} to reach "${step.state}"`,
        20_000,
      )
    }
    const before = published.length
    if (interruption === 'reload') await page.reload()
    else await page.goBack()
    await page.waitForLoadState('networkidle')
    await reportsSettled(
      () => published.slice(before).filter((state) => state.machineId === machineId).length,
    )
    const after = published.slice(before).filter((state) => state.machineId === machineId)
    const last = after.at(-1)
    if (last && last.status === 'active') {
      const state = leafStateOf(last)
      const see = model.see[state]
      if (see === undefined) throw new Error(`No screen assertion for ${machineId} state "${state}"`)
      await see?.(journey)
      const route = screenRouteOf(model.machine, state)
      if (route) expect(new URL(page.url()).pathname).toBe(`/en${route === '/' ? '' : route}`)
    } else {
      const routes = allRoutesOf(model.machine)
      expect(routes.map((route) => `/en${route}`)).not.toContain(new URL(page.url()).pathname)
    }
  } finally {
    await context.close()
  }
}

function allRoutesOf(machine: AnyStateMachine): string[] {
  const routes = new Set<string>()
  const visit = (node: AnyStateMachine['root']) => {
    const route = (node.meta as Partial<ScreenMeta> | undefined)?.route
    // A final state's route belongs to whatever comes after the flow (sign-in after a reset, say).
    if (route && !route.includes('$') && node.type !== 'final') routes.add(route)
    for (const child of Object.values(node.states)) visit(child)
  }
  visit(machine.root)
  return [...routes]
}
