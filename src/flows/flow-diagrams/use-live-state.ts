import { useEffect, useState } from 'react'
import { subscribeToInspector, type InspectedState } from '../../app/inspection'

/**
 * The latest inspected state of any running actor of `machineId`, from this tab or another one
 * opened with `?inspect=1`; null until one reports. Mount it under a `key` of the machine id.
 */
export function useLiveState(machineId: string): InspectedState | null {
  const [live, setLive] = useState<InspectedState | null>(null)
  useEffect(
    () =>
      subscribeToInspector((next) => {
        if (next.machineId !== machineId) return
        setLive((current) => (current && current.at > next.at ? current : next))
      }),
    [machineId],
  )
  return live
}
