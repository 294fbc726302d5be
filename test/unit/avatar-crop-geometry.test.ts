import { describe, expect, it } from 'vitest'
import { clampView, cropSquareOf, ZOOM_MAX } from '../../src/business/staff/avatar-crop-geometry'

const landscape = { width: 900, height: 600 }

describe('the square cut from a picture', () => {
  it('is the centred square of the short side when nothing is moved', () => {
    expect(cropSquareOf(landscape, 240, { zoom: 1, offsetX: 0, offsetY: 0 })).toEqual({
      x: 150,
      y: 0,
      side: 600,
    })
  })

  it('halves with a zoom of 2 and follows the picture when it is dragged', () => {
    // At zoom 2 one screen px is 1.25 picture px; dragging the picture 40 px right shows 50 px further left.
    expect(cropSquareOf(landscape, 240, { zoom: 2, offsetX: 40, offsetY: 0 })).toEqual({
      x: 250,
      y: 150,
      side: 300,
    })
  })

  it('never leaves the picture: the shift and the zoom are held within bounds', () => {
    expect(clampView(landscape, 240, { zoom: 1, offsetX: 500, offsetY: 30 })).toEqual({
      zoom: 1,
      offsetX: 60,
      offsetY: 0,
    })
    expect(clampView(landscape, 240, { zoom: 9, offsetX: 0, offsetY: 0 }).zoom).toBe(ZOOM_MAX)
    const square = cropSquareOf(landscape, 240, { zoom: 1, offsetX: -1000, offsetY: 0 })
    expect(square.x + square.side).toBe(landscape.width)
  })
})
