import type { AvatarRenditions } from '../../../machines/avatar-upload'
import { AVATAR_BIG_SIDE, AVATAR_SMALL_SIDE, type CropSquare } from './avatar-crop-geometry'

/** Draws the square of the picture at `side` px and encodes it as a JPEG. */
function renderSquare(image: CanvasImageSource, square: CropSquare, side: number): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = side
  canvas.height = side
  const context = canvas.getContext('2d')
  if (!context) return Promise.reject(new Error('This browser cannot draw pictures'))
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, square.x, square.y, square.side, square.side, 0, 0, side, side)
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))),
      'image/jpeg',
      0.9,
    ),
  )
}

/**
 * The two renditions of the cropped square: the server keeps pictures as sent and has no image processing, so
 * the browser, which has the picture decoded already, draws both (docs/decisions.md, "Staff avatars").
 */
export async function renderAvatarRenditions(
  image: CanvasImageSource,
  square: CropSquare,
): Promise<AvatarRenditions> {
  const [big, small] = await Promise.all([
    renderSquare(image, square, AVATAR_BIG_SIDE),
    renderSquare(image, square, AVATAR_SMALL_SIDE),
  ])
  return { big, small }
}
