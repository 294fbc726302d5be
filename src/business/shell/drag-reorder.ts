import { useLingui } from '@lingui/react/macro'
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react'

/** The list with the item at `from` taken out and put back at `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  const [moved] = next.splice(from, 1)
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved!)
  return next
}

interface Drag {
  id: number
  from: number
  to: number
  by: 'pointer' | 'keyboard'
}

/** Marks the list element whose direct children are the rows (`data-sortable-id` on each). */
export const SORTABLE_LIST = 'data-sortable-list'

/**
 * Drag sorting of one list, by pointer (mouse, pen or finger on the row's handle) and by keyboard on the same
 * handle: Enter or Space picks the row up, the arrow keys move it, Enter or Space drops it, Escape puts it back.
 * Rows show where the drag would put them while it runs; `onDrop` gets the old and the new place. What happens
 * is said in a live region (`announcement`). The project has no drag-and-drop library, and these are the few
 * lines a single-column list needs.
 */
export function useDragReorder(
  ids: readonly number[],
  titleOf: (id: number) => string,
  onDrop: (from: number, to: number) => void,
) {
  const { t } = useLingui()
  const [drag, setDrag] = useState<Drag | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const focusAfter = useRefocus()
  const order = drag ? moveItem(ids, drag.from, drag.to) : [...ids]
  const total = ids.length

  const finish = (current: Drag) => {
    setDrag(null)
    const title = titleOf(current.id)
    if (current.to === current.from) {
      setAnnouncement(t`${title} is back in its place.`)
      return
    }
    setAnnouncement(t`${title} dropped at position ${current.to + 1} of ${total}.`)
    onDrop(current.from, current.to)
  }

  // The pointer is followed on the window, not captured by the handle: the handle's row moves in the page
  // while the drag runs, and a moved element loses its pointer capture.
  const listRef = useRef<Element | null>(null)
  const latest = useRef({ drag, finish })
  latest.current = { drag, finish }
  const pointerDragId = drag?.by === 'pointer' ? drag.id : null
  useEffect(() => {
    if (pointerDragId === null) return
    const move = (event: globalThis.PointerEvent) => {
      const current = latest.current.drag
      if (!current) return
      const rows = [...(listRef.current?.children ?? [])].filter(
        (row) => row.getAttribute('data-sortable-id') !== String(current.id),
      )
      // The new place is after every other row whose middle is above the pointer.
      const to = rows.filter((row) => {
        const box = row.getBoundingClientRect()
        return box.top + box.height / 2 < event.clientY
      }).length
      if (to !== current.to) setDrag({ ...current, to })
    }
    const up = () => {
      const current = latest.current.drag
      if (!current) return
      focusAfter(current.id, 'handle')
      latest.current.finish(current)
    }
    const cancel = () => setDrag(null)
    window.addEventListener('pointermove', move)
    window.addEventListener('pointerup', up)
    window.addEventListener('pointercancel', cancel)
    return () => {
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', up)
      window.removeEventListener('pointercancel', cancel)
    }
  }, [pointerDragId, focusAfter])

  const handleProps = (id: number) => {
    const title = titleOf(id)
    const mine = drag?.id === id ? drag : null
    return {
      'data-focus-key': 'handle',
      'aria-pressed': mine?.by === 'keyboard',
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if (event.button !== 0 || drag) return
        event.preventDefault()
        listRef.current = event.currentTarget.closest(`[${SORTABLE_LIST}]`)
        const from = ids.indexOf(id)
        setDrag({ id, from, to: from, by: 'pointer' })
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        const pick = event.key === 'Enter' || event.key === ' '
        if (!mine) {
          if (!pick || drag) return
          event.preventDefault()
          const from = ids.indexOf(id)
          setDrag({ id, from, to: from, by: 'keyboard' })
          setAnnouncement(
            t`${title} picked up, position ${from + 1} of ${total}. Move it with the up and down arrow keys, drop it with Enter, or press Escape to leave it where it was.`,
          )
          return
        }
        if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
          event.preventDefault()
          const to = Math.max(0, Math.min(total - 1, mine.to + (event.key === 'ArrowUp' ? -1 : 1)))
          focusAfter(id, 'handle')
          setDrag({ ...mine, to })
          setAnnouncement(t`${title}: position ${to + 1} of ${total}.`)
        } else if (pick) {
          event.preventDefault()
          focusAfter(id, 'handle')
          finish(mine)
        } else if (event.key === 'Escape' || event.key === 'Tab') {
          if (event.key === 'Escape') event.preventDefault()
          focusAfter(id, 'handle')
          setDrag(null)
          setAnnouncement(t`${title} is back in its place.`)
        }
      },
    }
  }

  return { order, draggingId: drag?.id ?? null, announcement, handleProps, focusAfter }
}

/**
 * Keeps the keyboard on a row's control while the rows move: React moves a row's element when the order
 * changes, and a moved element loses focus. After `focusAfter(id, key)`, whenever focus has fallen to the page,
 * it goes back to the control marked `data-focus-key={key}` inside the row `data-sortable-id={id}`, until the
 * user puts focus somewhere else.
 */
function useRefocus() {
  const wanted = useRef<{ id: number; key: string } | null>(null)
  useEffect(() => {
    const forget = (event: FocusEvent) => {
      const target = event.target as Element | null
      const row = target?.closest?.('[data-sortable-id]')
      if (row?.getAttribute('data-sortable-id') !== String(wanted.current?.id)) wanted.current = null
    }
    document.addEventListener('focusin', forget)
    return () => document.removeEventListener('focusin', forget)
  }, [])
  useLayoutEffect(() => {
    const target = wanted.current
    if (!target) return
    const active = document.activeElement
    if (active && active !== document.body) return
    const control = document.querySelector<HTMLElement>(
      `[data-sortable-id="${target.id}"] [data-focus-key="${target.key}"]`,
    )
    if (control && !control.hasAttribute('disabled')) control.focus()
    else
      document
        .querySelector<HTMLElement>(`[data-sortable-id="${target.id}"] [data-focus-key="handle"]`)
        ?.focus()
  })
  return useCallback((id: number, key: string) => {
    wanted.current = { id, key }
  }, [])
}
