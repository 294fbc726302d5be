import { useLingui } from '@lingui/react/macro'
import { useState, type PointerEvent, type ReactNode } from 'react'
import type { DiagramState } from '../statechart-model'
import { screenshotsFor } from './flow-screenshots'

interface Hovered {
  url: string
  x: number
  y: number
}

/**
 * Shows a small picture of a state's screen beside the pointer while it rests on the state's box in the
 * diagram, for states the Chromium journeys photographed, in the reader's language as the panel shows it. The
 * picture repeats what the state's panel shows with its description, so it is hidden from assistive technology.
 */
export function ScreenshotOnHover({
  machineId,
  states,
  children,
}: {
  machineId: string
  states: DiagramState[]
  children: ReactNode
}) {
  const { i18n } = useLingui()
  const [hovered, setHovered] = useState<Hovered | null>(null)
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const box = (event.target as Element).closest?.('[data-state-id]')
    const state = box && states.find((candidate) => candidate.id === box.getAttribute('data-state-id'))
    // A compound state's box holds its children's: the innermost box under the pointer is the one meant.
    const shot = state
      ? screenshotsFor(machineId, state.path.join('.'), i18n.locale).find(
          (candidate) => candidate.width === 1280,
        )
      : undefined
    if (!shot || event.buttons !== 0) {
      if (hovered) setHovered(null)
      return
    }
    const frame = event.currentTarget.getBoundingClientRect()
    setHovered({ url: shot.url, x: event.clientX - frame.left + 16, y: event.clientY - frame.top + 16 })
  }
  return (
    <div className="flow-hover-frame" onPointerMove={onPointerMove} onPointerLeave={() => setHovered(null)}>
      {children}
      {hovered ? (
        <img
          className="flow-hover-screenshot"
          src={hovered.url}
          alt=""
          aria-hidden="true"
          style={{ left: hovered.x, top: hovered.y }}
        />
      ) : null}
    </div>
  )
}
