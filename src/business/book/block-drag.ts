import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'

/** Moves snap to a quarter of an hour, as the free times do. */
export const DRAG_STEP_MINUTES = 15

/** Where a dragged block would land: the column (by its key) and the start in minutes of that column's day. */
export interface DropPlace {
  columnKey: string
  minutes: number
}

/** The column element under a point: the book marks each with data-column-key. */
function columnAt(x: number, y: number): HTMLElement | null {
  const hits = typeof document.elementsFromPoint === 'function' ? document.elementsFromPoint(x, y) : []
  for (const hit of hits) {
    const column = (hit as HTMLElement).closest<HTMLElement>('[data-column-key]')
    if (column) return column
  }
  return null
}

/**
 * Dragging an appointment's block with a pointer to another time or column. The block follows the pointer once
 * it has moved a few pixels (a plain click still opens the appointment); on release the place under the block's
 * top is snapped to a quarter hour and handed to `onDrop`. The pointer is followed on the window, so the drag
 * survives leaving the block.
 */
export function useBlockDrag(
  axis: { from: number; to: number },
  onDrop: (id: number, place: DropPlace) => void,
) {
  const [dragging, setDragging] = useState<{ id: number; dx: number; dy: number } | null>(null)
  const start = useRef<{ id: number; x: number; y: number; grabOffset: number; moved: boolean } | null>(null)
  const suppressClick = useRef(false)
  const latest = useRef({ axis, onDrop })
  latest.current = { axis, onDrop }

  useEffect(() => {
    const move = (event: PointerEvent) => {
      const current = start.current
      if (!current) return
      const dx = event.clientX - current.x
      const dy = event.clientY - current.y
      if (!current.moved && Math.hypot(dx, dy) < 6) return
      current.moved = true
      setDragging({ id: current.id, dx, dy })
    }
    const up = (event: PointerEvent) => {
      const current = start.current
      start.current = null
      setDragging(null)
      if (!current?.moved) return
      // The click this release makes (dispatched before any timer runs) must not open the appointment. It lands on
      // the block only when the block was under the pointer; when it lands elsewhere, the next real click on a
      // block must still open it, so the suppression ends with this input event.
      suppressClick.current = true
      setTimeout(() => {
        suppressClick.current = false
      }, 0)
      const column = columnAt(event.clientX, event.clientY)
      if (!column) return
      const { axis: span, onDrop: drop } = latest.current
      const box = column.getBoundingClientRect()
      const topPx = event.clientY - box.top - current.grabOffset
      const raw = span.from + (topPx / box.height) * (span.to - span.from)
      const minutes = Math.round(raw / DRAG_STEP_MINUTES) * DRAG_STEP_MINUTES
      drop(current.id, {
        columnKey: column.dataset.columnKey!,
        minutes: Math.max(span.from, Math.min(span.to - DRAG_STEP_MINUTES, minutes)),
      })
    }
    window.addEventListener('pointermove', move)
    window.addEventListener('pointerup', up)
    return () => {
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', up)
    }
  }, [])

  return {
    draggingId: dragging?.id,
    /** The offset the dragged block is drawn at. */
    offsetOf: (id: number) => (dragging?.id === id ? { x: dragging.dx, y: dragging.dy } : null),
    /** Props of a block that may be dragged. */
    blockProps: (id: number) => ({
      onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
        if (event.button !== 0) return
        const box = event.currentTarget.getBoundingClientRect()
        start.current = {
          id,
          x: event.clientX,
          y: event.clientY,
          grabOffset: event.clientY - box.top,
          moved: false,
        }
      },
      /** A drag ends in a click on the block; that click must not open the appointment. */
      consumeClick: () => {
        const suppressed = suppressClick.current
        suppressClick.current = false
        return suppressed
      },
    }),
  }
}
