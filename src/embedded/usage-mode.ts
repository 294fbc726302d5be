import type { AnalyticsEvent } from '../../contract/analytics/schemas'
import { runsInFrame } from '../api/frame-context'

export type UsageMode = AnalyticsEvent['mode']

let detectedMode: UsageMode | null = null
let waiting: ((mode: UsageMode) => void)[] = []

/**
 * The usage mode of SPEC.md section 1: AA inside an allowed admin application's frame, ERP otherwise.
 * Outside a frame it is ERP at once; inside one it is known once embedded detection has settled.
 */
export function knownUsageMode(): UsageMode | null {
  if (!runsInFrame()) return 'ERP'
  return detectedMode
}

/** Calls `report` with the usage mode as soon as it is known, so no event is counted in the wrong mode. */
export function withUsageMode(report: (mode: UsageMode) => void) {
  const mode = knownUsageMode()
  if (mode) report(mode)
  else waiting.push(report)
}

/** Embedded detection reports its outcome here; the events held until then go out with it. */
export function settleUsageMode(mode: UsageMode) {
  detectedMode = mode
  const held = waiting
  waiting = []
  for (const report of held) report(mode)
}
