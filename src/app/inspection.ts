import type { AnyMachineSnapshot, AnyTransitionDefinition, InspectionEvent } from 'xstate'
import { transitionKey, transitionLabel } from '../flow-graph/transition-label'

/** The BroadcastChannel the inspector publishes on, so a diagram in another tab can follow along. */
export const inspectorChannelName = 'flow-inspector'

/** Where the flag lives after the page that switched it on: it holds for the tab until `?inspect=0`. */
const storageKey = 'flow-inspector'

/** What one running actor of a flow machine looks like after a macrostep. */
export interface InspectedState {
  kind: 'state'
  machineId: string
  /** The actor's session id: several actors of one machine (two tabs) stay apart. */
  actorId: string
  /** Every active state node id, e.g. `signIn.form` and `signIn.form.failed`. */
  activeStateIds: string[]
  status: 'active' | 'done' | 'error' | 'stopped'
  event: string
  /** The last transition taken, by the key the diagram and the coverage report use. */
  lastTransition: { key: string; label: string } | null
  /**
   * Every transition this macrostep took, in order (one event may take several: an invoke's done and the
   * `always` after it), so that a test recording the walk misses none.
   */
  transitions: { key: string; label: string }[]
  at: number
}

/** A viewer that opens late asks running actors to say where they are. */
export interface InspectorRequest {
  kind: 'request'
}

/**
 * A tool asks the inspected page to show its current screen in another language, in place: the flow screenshots
 * (test/support/flow-screens-capture.ts) take each screen state in every language this way, where opening the
 * page under another prefix would be a URL event for the flow. See src/app/inspected-language.ts.
 */
export interface InspectorLanguageRequest {
  kind: 'language'
  language: string
}

export type InspectorMessage = InspectedState | InspectorRequest | InspectorLanguageRequest

type Listener = (state: InspectedState) => void

const listeners = new Set<Listener>()
const latest = new Map<string, InspectedState>()
let channel: BroadcastChannel | null = null
let enabled: boolean | undefined
/** False only in tests that inspect within one page, where no other tab listens. */
let broadcasting = true

/**
 * For tests only: switches the inspector on without the URL flag and keeps what it hears in this page (no
 * BroadcastChannel), so a screen test can record what the app's own actors walk. The app never calls it.
 */
export function inspectWithinThisPage(): void {
  enabled = true
  broadcasting = false
}

/** True when the tab was opened with `?inspect=1` (or kept it from an earlier page in this tab). */
export function isInspectorEnabled(): boolean {
  if (enabled !== undefined) return enabled
  if (typeof window === 'undefined') return (enabled = false)
  const flag = new URLSearchParams(window.location.search).get('inspect')
  try {
    if (flag === '1' || flag === 'true') window.sessionStorage.setItem(storageKey, '1')
    if (flag === '0' || flag === 'false') window.sessionStorage.removeItem(storageKey)
    enabled = window.sessionStorage.getItem(storageKey) === '1'
  } catch {
    enabled = flag === '1' || flag === 'true'
  }
  return enabled
}

function openChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === 'undefined') return channel
  channel = new BroadcastChannel(inspectorChannelName)
  channel.onmessage = ({ data }: MessageEvent<InspectorMessage>) => {
    if (data?.kind === 'request') for (const state of latest.values()) channel?.postMessage(state)
  }
  return channel
}

function publish(state: InspectedState) {
  latest.set(state.actorId, state)
  if (broadcasting) openChannel()?.postMessage(state)
  for (const listener of listeners) listener(state)
}

const pendingTransitions = new Map<string, AnyTransitionDefinition[]>()

function isMachineSnapshot(snapshot: unknown): snapshot is AnyMachineSnapshot {
  return typeof snapshot === 'object' && snapshot !== null && 'machine' in snapshot && '_nodes' in snapshot
}

/** XState's inspect callback: remembers the transitions of each macrostep and publishes its result. */
function inspect(inspection: InspectionEvent) {
  const actorId = inspection.actorRef.sessionId
  if (inspection.type === '@xstate.microstep') {
    pendingTransitions.set(actorId, [...(pendingTransitions.get(actorId) ?? []), ...inspection._transitions])
    return
  }
  if (inspection.type !== '@xstate.snapshot' || !isMachineSnapshot(inspection.snapshot)) return
  const { snapshot } = inspection
  const transitions = pendingTransitions.get(actorId) ?? []
  pendingTransitions.delete(actorId)
  const last = transitions.at(-1)
  const previous = latest.get(actorId)
  publish({
    kind: 'state',
    machineId: snapshot.machine.id,
    actorId,
    activeStateIds: snapshot._nodes.map((node) => node.id).filter((id) => id !== snapshot.machine.id),
    status: snapshot.status,
    event: inspection.event.type,
    lastTransition: last
      ? { key: transitionKey(last), label: transitionLabel(last) }
      : (previous?.lastTransition ?? null),
    transitions: transitions.map((transition) => ({
      key: transitionKey(transition),
      label: transitionLabel(transition),
    })),
    at: Date.now(),
  })
}

/**
 * Options for `createActor` and `useMachine`: XState's `inspect` when the inspector is switched on,
 * nothing otherwise, so an ordinary visit creates no channel and pays for no inspection.
 */
export function inspectionOptions(): { inspect?: (inspection: InspectionEvent) => void } {
  return isInspectorEnabled() ? { inspect } : {}
}

/**
 * Follows every inspected actor, in this tab (in memory) and in other tabs (BroadcastChannel);
 * the listener first hears the last known state of each actor. Returns the unsubscribe function.
 */
export function subscribeToInspector(listener: Listener): () => void {
  listeners.add(listener)
  for (const state of latest.values()) listener(state)
  const viewer =
    !broadcasting || typeof BroadcastChannel === 'undefined'
      ? null
      : new BroadcastChannel(inspectorChannelName)
  if (viewer) {
    viewer.onmessage = ({ data }: MessageEvent<InspectorMessage>) => {
      if (data?.kind === 'state') listener(data)
    }
    viewer.postMessage({ kind: 'request' } satisfies InspectorRequest)
  }
  return () => {
    listeners.delete(listener)
    viewer?.close()
  }
}
