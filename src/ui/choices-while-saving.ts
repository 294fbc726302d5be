import { useCallback, useState } from 'react'

/**
 * What the person has just ticked or cleared on boxes that are saved one by one, held until each save settles.
 *
 * A controlled box shows what the server holds; a save's progress reaches React only after the click's event
 * has ended, so the box would spring back for a moment and then jump again. Keeping the choice in React state,
 * set inside the click, shows it at once and until the answer (or the refusal) has arrived.
 */
export function useChoicesWhileSaving() {
  const [choices, setChoices] = useState<ReadonlyMap<string, boolean>>(() => new Map())
  const choose = useCallback((key: string, checked: boolean) => {
    setChoices((current) => new Map(current).set(key, checked))
  }, [])
  const settle = useCallback((key: string) => {
    setChoices((current) => {
      const next = new Map(current)
      next.delete(key)
      return next
    })
  }, [])
  return {
    /** The box's state: the choice being saved, otherwise what the server holds. */
    shown: (key: string, held: boolean) => choices.get(key) ?? held,
    isSaving: (key: string) => choices.has(key),
    anySaving: choices.size > 0,
    choose,
    settle,
  }
}
