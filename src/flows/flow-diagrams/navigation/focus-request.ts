import { useCallback, useState } from 'react'

/**
 * A request to bring a state into view, and to move the keyboard focus to it when `focus` is set. `seq` tells
 * a repeated request apart, so that asking for the same state again pans to it again.
 */
export interface FocusRequest {
  stateId: string
  focus: boolean
  seq: number
}

/** The latest request to show a state, for the diagram to carry out once the state is drawn. */
export function useFocusRequest() {
  const [request, setRequest] = useState<FocusRequest | null>(null)
  const requestFocus = useCallback(
    (stateId: string, focus: boolean) =>
      setRequest((current) => ({ stateId, focus, seq: (current?.seq ?? 0) + 1 })),
    [],
  )
  return { request, requestFocus }
}
