import { useLingui } from '@lingui/react/macro'
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
  type Ref,
} from 'react'
import { diagramMetrics, type LaidOutState, type LaidOutStatechart } from './flow-layout'
import type { FocusRequest } from './navigation/focus-request'
import { initialViewOf, revealing, viewAt } from './navigation/initial-view'
import { boxInDirection, directionOfKey, inReadingOrder } from './navigation/spatial-focus'
import type { Naming } from './plain-words'
import type { DiagramState } from './statechart-model'

/** The visible part of the drawing, in diagram coordinates. */
interface ViewBox {
  x: number
  y: number
  width: number
  height: number
}

const margin = 24
const minZoom = 0.2
const maxZoom = 6

export function fullViewBoxOf(layout: LaidOutStatechart): ViewBox {
  return { x: -margin, y: -margin, width: layout.width + margin * 2, height: layout.height + margin * 2 }
}

export const viewBoxText = (box: ViewBox) => `${box.x} ${box.y} ${box.width} ${box.height}`

/** Scales the view around a point (diagram coordinates) and keeps the zoom within bounds. */
function zoomed(
  box: ViewBox,
  full: ViewBox,
  factor: number,
  center = { x: box.x + box.width / 2, y: box.y + box.height / 2 },
) {
  const scale = full.width / (box.width / factor)
  if (scale < minZoom || scale > maxZoom) return box
  return {
    x: center.x - (center.x - box.x) / factor,
    y: center.y - (center.y - box.y) / factor,
    width: box.width / factor,
    height: box.height / factor,
  }
}

// Kept inside the SVG so the downloaded file looks the same as the page.
const diagramStyles = `
.statechart text { font-family: system-ui, sans-serif; fill: #1d1b26; }
.state-box { fill: #ffffff; stroke: #6b3fd4; stroke-width: 1.5; }
.state--compound > .state-box, .state--parallel > .state-box { fill: #f7f5fc; }
.state--root > .state-box { fill: #fbfaff; stroke: #c9c2e0; stroke-dasharray: 6 4; }
.state--final > .state-box-inner { fill: none; stroke: #6b3fd4; stroke-width: 1.5; }
.state[role='button'] { cursor: pointer; outline: none; }
.state[role='button']:focus-visible > .state-box { stroke: #0b57d0; stroke-width: 4; }
.state[data-match='true'] > .state-box { fill: #fff3bf; stroke: #8a6d00; stroke-width: 2.5; }
.state[aria-pressed='true'] > .state-box { stroke: #1d1b26; stroke-width: 2.5; }
.state[data-active='true'] > .state-box { fill: #e6dcff; stroke: #d4622b; stroke-width: 3; }
.state-name { font-size: ${diagramMetrics.fontSize}px; font-weight: 600; }
.state-text { font-size: ${diagramMetrics.fontSize}px; }
.state-detail { font-size: ${diagramMetrics.labelFontSize}px; fill: #5c5870 !important; }
.initial-dot { fill: #1d1b26; }
.transition-line { fill: none; stroke: #5c5870; stroke-width: 1.3; }
.transition--after .transition-line, .transition--always .transition-line { stroke-dasharray: 5 3; }
.transition[data-active='true'] .transition-line { stroke: #d4622b; stroke-width: 3; }
.transition-label-box { fill: #ffffff; opacity: 0.9; }
.transition[data-active='true'] .transition-label-box { fill: #ffe3d3; opacity: 1; }
.transition-label { font-size: ${diagramMetrics.labelFontSize}px; }
.state-thumbnail { pointer-events: none; }
.state-thumbnail img { display: block; width: 100%; height: 100%; box-sizing: border-box; object-fit: cover;
  object-position: top; border: 1px solid #c9c2e0; border-radius: 4px; background: #f4f2fa; }
`

export interface StatechartViewProps {
  machineId: string
  layout: LaidOutStatechart
  selectedId: string | null
  onSelect: (state: DiagramState) => void
  /** Active state ids of the followed actor (live mode). */
  activeStateIds?: ReadonlySet<string>
  /** The key of the last transition the followed actor took. */
  activeTransitionKey?: string | null
  svgRef?: Ref<SVGSVGElement>
  /** Descriptions (the default) or technical names: decides how the box text is styled. */
  naming: Naming
  /** States a search found, drawn highlighted. */
  matchedStateIds?: ReadonlySet<string>
  /** A state to bring into view (and to focus), carried out once it is drawn. */
  focusRequest?: FocusRequest | null
  /** The address of the thumbnail a box shows, for the boxes the layout left room for one. */
  thumbnailUrlOf?: (laidOut: LaidOutState) => string | undefined
}

/**
 * The statechart as SVG: states as nested boxes (each a focusable button), transitions as labelled
 * arrows. Pan by dragging or with the arrow keys, zoom with the wheel, +/- or the buttons.
 */
export function StatechartView({
  machineId,
  layout,
  selectedId,
  onSelect,
  activeStateIds,
  activeTransitionKey,
  svgRef,
  naming,
  matchedStateIds,
  focusRequest,
  thumbnailUrlOf,
}: StatechartViewProps) {
  const { t } = useLingui()
  const full = fullViewBoxOf(layout)
  const [view, setView] = useState<ViewBox>(full)
  const frameRef = useRef<HTMLDivElement>(null)
  const drag = useRef<{ x: number; y: number; view: ViewBox } | null>(null)
  const [frameSize, setFrameSize] = useState<{ width: number; height: number } | null>(null)

  // Screen pixels per diagram unit, to turn a drag or a wheel position into diagram coordinates.
  const unitsPerPixel = () => view.width / (frameRef.current?.getBoundingClientRect().width || view.width)

  useEffect(() => {
    const frame = frameRef.current
    if (!frame || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setFrameSize({ width: entry.contentRect.width, height: entry.contentRect.height })
    })
    observer.observe(frame)
    return () => observer.disconnect()
  }, [])

  // The first view is legible: the whole drawing if it reads at that size, else its start at natural size.
  // Placed before the browser paints, so the drawing and its zoom label never show the fit-all view first.
  const placed = useRef(false)
  useLayoutEffect(() => {
    if (!frameSize || placed.current) return
    placed.current = true
    const start = layout.states.find(({ state }) => state.initial && state.path.length === 1)
    setView(initialViewOf(fullViewBoxOf(layout), frameSize, start))
  }, [frameSize, layout])

  const boxOf = (stateId: string) => layout.states.find(({ state }) => state.id === stateId)
  const elementOf = (stateId: string) =>
    frameRef.current?.querySelector<SVGGElement>(`[data-state-id="${CSS.escape(stateId)}"]`) ?? null

  // Carried out once the state is drawn: a search or a played path may first have to open its parents.
  const handledRequest = useRef(0)
  useEffect(() => {
    if (!focusRequest || !frameSize || handledRequest.current === focusRequest.seq) return
    const box = layout.states.find(({ state }) => state.id === focusRequest.stateId)
    if (!box) return
    handledRequest.current = focusRequest.seq
    setView((current) => revealing(current, box, fullViewBoxOf(layout)))
    if (focusRequest.focus) {
      frameRef.current
        ?.querySelector<SVGGElement>(`[data-state-id="${CSS.escape(focusRequest.stateId)}"]`)
        ?.focus({ preventScroll: true })
    }
  }, [focusRequest, frameSize, layout])

  useEffect(() => {
    const frame = frameRef.current
    if (!frame) return
    // React's wheel listener is passive, so zooming would also scroll the page.
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      const rect = frame.getBoundingClientRect()
      setView((current) => {
        const center = {
          x: current.x + ((event.clientX - rect.left) / rect.width) * current.width,
          y: current.y + ((event.clientY - rect.top) / rect.height) * current.height,
        }
        return zoomed(current, fullViewBoxOf(layout), event.deltaY < 0 ? 1.15 : 1 / 1.15, center)
      })
    }
    frame.addEventListener('wheel', onWheel, { passive: false })
    return () => frame.removeEventListener('wheel', onWheel)
  }, [layout])

  const pan = (dx: number, dy: number) =>
    setView((current) => ({ ...current, x: current.x + dx, y: current.y + dy }))
  const zoom = (factor: number) => setView((current) => zoomed(current, full, factor))

  const onFrameKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // On a state, the arrow keys move to the nearest state that way.
    const direction = directionOfKey[event.key]
    const stateId = (event.target as Element).closest('[data-state-id]')?.getAttribute('data-state-id')
    if (direction && stateId) {
      event.preventDefault()
      const boxes = layout.states
        .filter(({ state }) => state.path.length > 0)
        .map((box) => ({ ...box, id: box.state.id }))
      const next = boxInDirection(boxes, stateId, direction)
      if (next) elementOf(next.id)?.focus({ preventScroll: true })
      return
    }
    const step = view.width / 10
    const actions: Record<string, () => void> = {
      ArrowLeft: () => pan(-step, 0),
      ArrowRight: () => pan(step, 0),
      ArrowUp: () => pan(0, -step),
      ArrowDown: () => pan(0, step),
      '+': () => zoom(1.25),
      '=': () => zoom(1.25),
      '-': () => zoom(0.8),
      '0': () => setView(full),
    }
    const action = actions[event.key]
    if (!action || event.target !== event.currentTarget) return
    event.preventDefault()
    action()
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('[role="button"]')) return
    event.currentTarget.setPointerCapture(event.pointerId)
    // Set on the element at once, before the browser starts a text selection at this press.
    event.currentTarget.dataset.panning = 'true'
    drag.current = { x: event.clientX, y: event.clientY, view }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    if (!start) return
    const scale = unitsPerPixel()
    setView({
      ...start.view,
      x: start.view.x - (event.clientX - start.x) * scale,
      y: start.view.y - (event.clientY - start.y) * scale,
    })
  }
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    delete event.currentTarget.dataset.panning
    drag.current = null
  }

  // The drawing's true scale, screen pixels per diagram unit: the SVG fits the view box into the canvas
  // whole (`meet`), so the tighter of the two directions decides. "Fit" is rarely 100%.
  const zoomPercent = frameSize
    ? Math.round(Math.min(frameSize.width / view.width, frameSize.height / view.height) * 100)
    : null
  // Tab follows the reading order; a parent still comes (and is painted) before the states inside it.
  const states = inReadingOrder(layout.states)

  return (
    <div className="statechart-frame">
      <div className="statechart-toolbar" role="toolbar" aria-label={t`Zoom`}>
        <button type="button" className="button" onClick={() => zoom(1.25)} aria-label={t`Zoom in`}>
          +
        </button>
        <button type="button" className="button" onClick={() => zoom(0.8)} aria-label={t`Zoom out`}>
          −
        </button>
        <button type="button" className="button" onClick={() => setView(full)}>
          {t`Fit`}
        </button>
        <button
          type="button"
          className="button"
          disabled={!frameSize}
          onClick={() =>
            frameSize &&
            setView((current) =>
              viewAt(1, frameSize, { x: current.x + current.width / 2, y: current.y + current.height / 2 }),
            )
          }
        >
          {t`Natural size`}
        </button>
        <span className="statechart-zoom" aria-live="polite">
          {zoomPercent === null ? null : `${zoomPercent}%`}
        </span>
      </div>
      <div
        ref={frameRef}
        className="statechart-canvas"
        tabIndex={0}
        aria-label={t`Diagram canvas: arrow keys pan, plus and minus zoom, 0 fits`}
        onKeyDown={onFrameKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onFocus={(event) => {
          // A state reached with Tab or the arrow keys comes into view.
          const stateId = (event.target as Element).getAttribute('data-state-id')
          const box = stateId ? boxOf(stateId) : undefined
          if (box) setView((current) => revealing(current, box, fullViewBoxOf(layout)))
        }}
      >
        <svg
          ref={svgRef}
          className="statechart"
          role="group"
          aria-labelledby={`statechart-title-${machineId}`}
          viewBox={viewBoxText(view)}
          preserveAspectRatio="xMidYMid meet"
          data-machine-id={machineId}
        >
          <title id={`statechart-title-${machineId}`}>{t`Statechart of the ${machineId} machine`}</title>
          <defs>
            <style>{diagramStyles}</style>
            <marker
              id={`arrow-${machineId}`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" fill="#5c5870" />
            </marker>
          </defs>
          {states.map((laidOut) => (
            <StateBox
              key={laidOut.state.id}
              laidOut={laidOut}
              selected={laidOut.state.id === selectedId}
              active={activeStateIds?.has(laidOut.state.id) ?? false}
              matched={matchedStateIds?.has(laidOut.state.id) ?? false}
              onSelect={onSelect}
              machineId={machineId}
              naming={naming}
              thumbnailUrl={laidOut.thumbnail ? thumbnailUrlOf?.(laidOut) : undefined}
            />
          ))}
          {layout.transitions.map(({ id, transition, points, label, lines }) => {
            if (points.length < 2) return null
            const line = points
              .map((point, index) => `${index === 0 ? 'M' : 'L'} ${point.x} ${point.y}`)
              .join(' ')
            const active = transition.key === activeTransitionKey
            return (
              <g
                key={id}
                className={`transition transition--${transition.kind}`}
                data-transition-key={transition.key}
                data-active={active ? 'true' : undefined}
              >
                <path className="transition-line" d={line} markerEnd={`url(#arrow-${machineId})`} />
                {label ? (
                  <>
                    <rect
                      className="transition-label-box"
                      x={label.x}
                      y={label.y}
                      width={label.width}
                      height={label.height}
                      rx={3}
                    />
                    <text className="transition-label" x={label.x + 4} y={label.y}>
                      {lines.map((line, index) => (
                        <tspan key={index} x={label.x + 4} dy={diagramMetrics.labelHeight - (index ? 0 : 4)}>
                          {/* A space between lines, so that the text reads (and is named) as one sentence. */}
                          {index < lines.length - 1 ? `${line} ` : line}
                        </tspan>
                      ))}
                    </text>
                  </>
                ) : null}
              </g>
            )
          })}
        </svg>
      </div>
    </div>
  )
}

interface StateBoxProps {
  laidOut: LaidOutState
  selected: boolean
  active: boolean
  matched: boolean
  onSelect: (state: DiagramState) => void
  machineId: string
  naming: Naming
  thumbnailUrl?: string
}

function StateBox({
  laidOut,
  selected,
  active,
  matched,
  onSelect,
  machineId,
  naming,
  thumbnailUrl,
}: StateBoxProps) {
  const { t } = useLingui()
  const { state, x, y, width, height } = laidOut
  const isRoot = state.path.length === 0
  const { fontSize, lineHeight, padding } = diagramMetrics
  const { lines } = laidOut
  const leaf = state.children.length === 0 || laidOut.hiddenStates !== undefined
  const kind = isRoot ? 'root' : state.type
  const description = [
    state.type === 'final' ? t`final state` : null,
    state.initial ? t`initial state` : null,
    laidOut.hiddenStates !== undefined ? t`collapsed, ${laidOut.hiddenStates} states inside` : null,
    active ? t`current state` : null,
  ]
    .filter(Boolean)
    .join(', ')
  // The name holds the box's visible text in order (WCAG 2.5.3, label in name); in technical names the
  // path comes first, which ends with the key drawn in the box. What the box shows only by its shape follows.
  const name = naming === 'technical' ? [state.path.join('.'), ...lines.slice(1)].join(' ') : lines.join(' ')
  const lineClass = (index: number) => {
    if (laidOut.hiddenStates !== undefined && index === lines.length - 1) return 'state-detail'
    if (naming === 'plain') return index === 0 && !leaf ? 'state-name' : 'state-text'
    return index === 0 ? 'state-name' : 'state-detail'
  }

  const content = (
    <>
      <rect className="state-box" x={x} y={y} width={width} height={height} rx={isRoot ? 4 : 10} />
      {state.type === 'final' ? (
        <rect className="state-box-inner" x={x + 4} y={y + 4} width={width - 8} height={height - 8} rx={7} />
      ) : null}
      {/* One text element whose lines are spans, so the visible text reads as the name does (label in name). */}
      <text y={y + padding + fontSize - 2}>
        {(isRoot ? [machineId] : lines).map((line, index, all) => (
          <tspan
            key={index}
            className={isRoot ? 'state-name' : lineClass(index)}
            x={x + padding}
            dy={index === 0 ? 0 : lineHeight}
          >
            {index < all.length - 1 ? `${line} ` : line}
          </tspan>
        ))}
      </text>
      {laidOut.thumbnail && thumbnailUrl ? (
        // The state's screen as the browser tests photographed it. The box is a button named by its words, and
        // the panel shows the picture with its description, so here it is decorative (alt=""). Lazy: a large
        // flow's pictures load as they come into view.
        <foreignObject className="state-thumbnail" {...laidOut.thumbnail}>
          <img
            src={thumbnailUrl}
            alt=""
            width={laidOut.thumbnail.width}
            height={laidOut.thumbnail.height}
            loading="lazy"
            decoding="async"
            draggable={false}
          />
        </foreignObject>
      ) : null}
      {state.initial ? (
        <>
          <circle className="initial-dot" cx={x - 10} cy={y + (leaf ? height / 2 : 14)} r={5} />
          <path
            className="transition-line"
            d={`M ${x - 5} ${y + (leaf ? height / 2 : 14)} L ${x} ${y + (leaf ? height / 2 : 14)}`}
          />
        </>
      ) : null}
    </>
  )

  if (isRoot) return <g className={`state state--${kind}`}>{content}</g>
  return (
    <g
      className={`state state--${kind}`}
      role="button"
      tabIndex={0}
      aria-label={description ? `${name} (${description})` : name}
      aria-pressed={selected}
      aria-current={active ? 'true' : undefined}
      data-state-id={state.id}
      data-active={active ? 'true' : undefined}
      data-match={matched ? 'true' : undefined}
      onClick={() => onSelect(state)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return
        event.preventDefault()
        onSelect(state)
      }}
    >
      {content}
    </g>
  )
}
