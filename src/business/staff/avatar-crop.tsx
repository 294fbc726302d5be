import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import type { AvatarRenditions } from '../../../machines/avatar-upload'
import { clampView, cropSquareOf, ZOOM_MAX, ZOOM_MIN, type CropView } from './avatar-crop-geometry'
import { renderAvatarRenditions } from './avatar-renditions'

/** The side of the square viewport in CSS px: it fits the card at 390 px wide. */
const VIEWPORT = 240
/** How far one arrow key press moves the picture, in px of the viewport. */
const KEY_STEP = 10

/**
 * Cuts a square out of the chosen picture: the picture fills the square and can be dragged (or moved with the
 * arrow keys) and zoomed (the slider, or + and -); the square shown is what is uploaded.
 */
export function AvatarCrop(props: {
  file: File
  busy: boolean
  onConfirm: (renditions: AvatarRenditions) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const hintId = useId()
  const zoomId = useId()
  const [url, setUrl] = useState<string | null>(null)
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null)
  const [view, setView] = useState<CropView>({ zoom: 1, offsetX: 0, offsetY: 0 })
  const [problem, setProblem] = useState<string | null>(null)
  const image = useRef<HTMLImageElement>(null)
  const drag = useRef<{ x: number; y: number } | null>(null)

  useEffect(() => {
    const objectUrl = URL.createObjectURL(props.file)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [props.file])

  const change = (next: CropView) => {
    if (natural) setView(clampView(natural, VIEWPORT, next))
  }
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { x: event.clientX, y: event.clientY }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return
    const dx = event.clientX - drag.current.x
    const dy = event.clientY - drag.current.y
    drag.current = { x: event.clientX, y: event.clientY }
    change({ ...view, offsetX: view.offsetX + dx, offsetY: view.offsetY + dy })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    }
    const move = moves[event.key]
    if (move) {
      event.preventDefault()
      change({ ...view, offsetX: view.offsetX + move[0], offsetY: view.offsetY + move[1] })
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault()
      change({ ...view, zoom: view.zoom + 0.1 })
    } else if (event.key === '-') {
      event.preventDefault()
      change({ ...view, zoom: view.zoom - 0.1 })
    }
  }
  const confirm = () => {
    if (!natural || !image.current) return
    setProblem(null)
    renderAvatarRenditions(image.current, cropSquareOf(natural, VIEWPORT, view)).then(props.onConfirm, () =>
      setProblem(t`This browser could not cut the picture. Try another picture or another browser.`),
    )
  }

  const scale = natural ? (VIEWPORT / Math.min(natural.width, natural.height)) * view.zoom : 1
  return (
    <div className="avatar-crop" role="group" aria-label={t`Crop the photo`}>
      <p id={hintId} className="field__hint">
        <Trans>
          Drag the photo or move it with the arrow keys; zoom with the slider or the + and - keys. The square
          is what is saved.
        </Trans>
      </p>
      <div
        className="avatar-crop__viewport"
        style={{ width: VIEWPORT, height: VIEWPORT }}
        tabIndex={0}
        role="img"
        aria-label={t`The part of the photo that is saved`}
        aria-describedby={hintId}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
      >
        {url ? (
          <img
            ref={image}
            src={url}
            alt=""
            draggable={false}
            onLoad={(event) =>
              setNatural({
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              })
            }
            onError={() => setProblem(t`This file could not be opened as a picture. Choose another one.`)}
            style={
              natural
                ? {
                    width: natural.width * scale,
                    height: natural.height * scale,
                    transform: `translate(${view.offsetX}px, ${view.offsetY}px)`,
                  }
                : { visibility: 'hidden' }
            }
          />
        ) : null}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={zoomId}>
          <Trans>Zoom</Trans>
        </label>
        <input
          id={zoomId}
          type="range"
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={0.05}
          value={view.zoom}
          disabled={!natural}
          onChange={(event) => change({ ...view, zoom: Number(event.target.value) })}
        />
      </div>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="confirm__actions">
        <button
          type="button"
          className="button"
          disabled={!natural || props.busy}
          aria-busy={props.busy}
          onClick={confirm}
        >
          {props.busy ? <Trans>Uploading…</Trans> : <Trans>Save the photo</Trans>}
        </button>
        <button
          type="button"
          className="button button--inline"
          disabled={props.busy}
          onClick={props.onCancel}
        >
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  )
}
