import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react'
import { DRAG_STEP_MINUTES } from './block-drag'

/**
 * The end a block's bottom edge dragged by `deltaMinutes` lands on: snapped to a quarter hour, at least a
 * quarter hour after the start and no later than the end of the axis.
 */
export function resizedEnd(
  place: { start: number; end: number },
  deltaMinutes: number,
  axisEnd: number,
): number {
  const snapped = Math.round((place.end + deltaMinutes) / DRAG_STEP_MINUTES) * DRAG_STEP_MINUTES
  return Math.max(place.start + DRAG_STEP_MINUTES, Math.min(axisEnd, snapped))
}

/**
 * Resizing an appointment by dragging the bottom edge of its block with a pointer. While the edge is held the
 * block is drawn with the end it would get (snapped to a quarter hour); on release that end is handed to
 * `onResize` unless it is the same. The click that ends the drag must not open the appointment.
 */
export function useBlockResize(
  axis: { from: number; to: number },
  onResize: (id: number, end: number) => void,
) {
  const [preview, setPreview] = useState<{ id: number; end: number } | null>(null)
  const held = useRef<{
    id: number
    y: number
    place: { start: number; end: number }
    minutesPerPx: number
    end: number
  } | null>(null)
  const suppressClick = useRef(false)
  const latest = useRef({ axis, onResize })
  latest.current = { axis, onResize }

  useEffect(() => {
    const move = (event: PointerEvent) => {
      const current = held.current
      if (!current) return
      const delta = (event.clientY - current.y) * current.minutesPerPx
      const end = resizedEnd(current.place, delta, latest.current.axis.to)
      if (end === current.end) return
      current.end = end
      setPreview({ id: current.id, end })
    }
    const up = () => {
      const current = held.current
      held.current = null
      setPreview(null)
      if (!current) return
      suppressClick.current = true
      if (current.end !== current.place.end) latest.current.onResize(current.id, current.end)
    }
    window.addEventListener('pointermove', move)
    window.addEventListener('pointerup', up)
    return () => {
      window.removeEventListener('pointermove', move)
      window.removeEventListener('pointerup', up)
    }
  }, [])

  return {
    /** The end the block is drawn with while its edge is held, or null. */
    previewEndOf: (id: number) => (preview?.id === id ? preview.end : null),
    /** Props of the edge of a block that may be resized. */
    edgeProps: (id: number, place: { start: number; end: number }) => ({
      onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
        if (event.button !== 0) return
        // The block under the edge would start a move otherwise.
        event.stopPropagation()
        const column = event.currentTarget.closest<HTMLElement>('[data-column-key]')
        const height = column?.getBoundingClientRect().height ?? 0
        const span = latest.current.axis.to - latest.current.axis.from
        held.current = {
          id,
          y: event.clientY,
          place,
          minutesPerPx: height > 0 ? span / height : 1,
          end: place.end,
        }
      },
    }),
    /** A resize ends in a click on the block; that click must not open the appointment. */
    consumeClick: () => {
      const suppressed = suppressClick.current
      suppressClick.current = false
      return suppressed
    },
  }
}
