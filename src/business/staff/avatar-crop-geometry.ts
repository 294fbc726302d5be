/** The square the avatar is cut from, in the picture's own pixels. */
export interface CropSquare {
  x: number
  y: number
  side: number
}

/** How the picture sits in the square viewport: its zoom (1 = the short side fills it) and its shift in px. */
export interface CropView {
  zoom: number
  offsetX: number
  offsetY: number
}

export const ZOOM_MIN = 1
export const ZOOM_MAX = 4

/** The sides of the renditions sent (docs/decisions.md): the card's big picture and the lists' small one. */
export const AVATAR_BIG_SIDE = 512
export const AVATAR_SMALL_SIDE = 128

/** How many screen px one picture px takes at a zoom, for a viewport of `viewport` px. */
const scaleOf = (natural: { width: number; height: number }, viewport: number, zoom: number) =>
  (viewport / Math.min(natural.width, natural.height)) * zoom

/**
 * Keeps the view inside the picture: the zoom within its bounds and the shift no larger than what keeps the
 * viewport covered, so the square never shows anything outside the picture.
 */
export function clampView(
  natural: { width: number; height: number },
  viewport: number,
  view: CropView,
): CropView {
  const zoom = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, view.zoom))
  const scale = scaleOf(natural, viewport, zoom)
  const maxX = (natural.width * scale - viewport) / 2
  const maxY = (natural.height * scale - viewport) / 2
  const clamp = (value: number, max: number) => Math.min(max, Math.max(-max, value))
  return { zoom, offsetX: clamp(view.offsetX, maxX), offsetY: clamp(view.offsetY, maxY) }
}

/** The square of the picture the viewport shows; the view is clamped first. */
export function cropSquareOf(
  natural: { width: number; height: number },
  viewport: number,
  view: CropView,
): CropSquare {
  const clamped = clampView(natural, viewport, view)
  const scale = scaleOf(natural, viewport, clamped.zoom)
  const side = viewport / scale
  return {
    x: natural.width / 2 - clamped.offsetX / scale - side / 2,
    y: natural.height / 2 - clamped.offsetY / scale - side / 2,
    side,
  }
}
