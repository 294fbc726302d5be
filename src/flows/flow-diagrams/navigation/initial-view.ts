import { diagramMetrics } from '../flow-layout'

/** The visible part of a drawing, in diagram coordinates. */
export interface ViewBox {
  x: number
  y: number
  width: number
  height: number
}

/** A box of the drawing, in diagram coordinates. */
export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/**
 * The smallest zoom at which all of the diagram's text is at least 12 px high: its smallest text is 12 units
 * high, so that is the natural size, 100%, one screen pixel per unit.
 */
export const legibleZoom = 12 / diagramMetrics.labelFontSize

/** Screen pixels per diagram unit when `view` is drawn whole into a canvas of `frame` (SVG `meet`). */
export function zoomOf(view: ViewBox, frame: { width: number; height: number }): number {
  return Math.min(frame.width / view.width, frame.height / view.height)
}

/** A view of the canvas's size at `zoom`, centred on `center`. */
export function viewAt(
  zoom: number,
  frame: { width: number; height: number },
  center: { x: number; y: number },
) {
  const width = frame.width / zoom
  const height = frame.height / zoom
  return { x: center.x - width / 2, y: center.y - height / 2, width, height }
}

/** Moves `view` along one axis so that it stays within the drawing, or centres the drawing if it is smaller. */
function clampAxis(start: number, size: number, fullStart: number, fullSize: number): number {
  if (size >= fullSize) return fullStart - (size - fullSize) / 2
  return Math.min(Math.max(start, fullStart), fullStart + fullSize - size)
}

/**
 * The view a diagram opens with: the whole drawing when it reads at that size, otherwise the natural size at the
 * top of the drawing, centred on where the flow starts, so that the first thing a reader sees is legible.
 */
export function initialViewOf(
  full: ViewBox,
  frame: { width: number; height: number },
  start: Box | undefined,
): ViewBox {
  if (zoomOf(full, frame) >= legibleZoom) return full
  const view = viewAt(legibleZoom, frame, {
    x: start ? start.x + start.width / 2 : full.x + full.width / 2,
    y: full.y,
  })
  return {
    ...view,
    x: clampAxis(view.x, view.width, full.x, full.width),
    y: clampAxis(full.y, view.height, full.y, full.height),
  }
}

const inside = (box: Box, view: ViewBox) =>
  box.x >= view.x &&
  box.y >= view.y &&
  box.x + box.width <= view.x + view.width &&
  box.y + box.height <= view.y + view.height

/**
 * The view moved (at the same zoom) so that `box` shows: unchanged when it already does whole, otherwise centred
 * on the box (on its top-left part when the box is larger than the view), as far as the drawing goes.
 */
export function revealing(view: ViewBox, box: Box, full: ViewBox): ViewBox {
  if (inside(box, view)) return view
  const center = {
    x: box.width > view.width ? box.x + view.width / 2 - 16 : box.x + box.width / 2,
    y: box.height > view.height ? box.y + view.height / 2 - 16 : box.y + box.height / 2,
  }
  return {
    ...view,
    x: clampAxis(center.x - view.width / 2, view.width, full.x, full.width),
    y: clampAxis(center.y - view.height / 2, view.height, full.y, full.height),
  }
}
