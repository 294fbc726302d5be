import type { BrowserContext } from 'playwright-core'
import { inspectorChannelName, type InspectedState } from '../../src/app/inspection'
import type { CollectedWalk } from './walk-record-writer'

/** The leaf states of an inspected actor, dotted below the machine id (`form.failed`), as the models name them. */
export function leafStateOf(state: InspectedState): string {
  const ids = state.activeStateIds
  return ids
    .filter((id) => !ids.some((other) => other.startsWith(`${id}.`)))
    .map((id) => id.slice(state.machineId.length + 1))
    .join(' | ')
}

/**
 * Collects what the app's own actors publish over the inspector's BroadcastChannel (src/app/inspection.ts)
 * in every page of the contexts it is attached to. Pages must be opened with `?inspect=1` once per tab.
 */
export function createBrowserWalkRecorder() {
  const published = new Map<BrowserContext, InspectedState[]>()
  const walks = new Map<string, CollectedWalk>()

  function add(context: BrowserContext, state: InspectedState) {
    published.get(context)?.push(state)
    const walk = walks.get(state.machineId) ?? {
      machineId: state.machineId,
      stateIds: new Set<string>(),
      transitionKeys: new Set<string>(),
      paths: 0,
    }
    walks.set(state.machineId, walk)
    for (const id of state.activeStateIds) walk.stateIds.add(id)
    for (const { key } of state.transitions ?? []) {
      walk.transitionKeys.add(key)
      // A transition's source was active even when the macrostep left it before any snapshot.
      walk.stateIds.add(key.split('|')[0]!)
    }
  }

  /** Listens in every page of `context`, before the app's own scripts run. */
  async function attach(context: BrowserContext): Promise<InspectedState[]> {
    const states: InspectedState[] = []
    published.set(context, states)
    await context.exposeBinding('__recordInspectedState', (_source, state: InspectedState) =>
      add(context, state),
    )
    await context.addInitScript((channelName: string) => {
      const channel = new BroadcastChannel(channelName)
      channel.onmessage = ({ data }: MessageEvent<{ kind?: string }>) => {
        if (data?.kind === 'state')
          void (
            window as unknown as { __recordInspectedState: (state: unknown) => Promise<void> }
          ).__recordInspectedState(data)
      }
    }, inspectorChannelName)
    return states
  }

  return {
    /** Listens in `context`; answers the list of what its pages publish, in order, kept up to date. */
    attach,
    /** What the actors of `machineId` walked, for the walk record. */
    walkOf(machineId: string): CollectedWalk {
      return (
        walks.get(machineId) ?? {
          machineId,
          stateIds: new Set(),
          transitionKeys: new Set(),
          paths: 0,
        }
      )
    },
  }
}

export type BrowserWalkRecorder = ReturnType<typeof createBrowserWalkRecorder>
