/** The largest side of the PNG in pixels, below every browser's canvas limit. */
const maxSide = 8000

/**
 * Paints a standalone SVG (serializeDiagram's, whose styles are inside it) onto a canvas at `scale` times its
 * size, at most `maxSide` pixels a side, on white, and answers it as a PNG.
 */
export async function pngOfSvg(svgText: string, width: number, height: number, scale = 2): Promise<Blob> {
  const factor = Math.min(scale, maxSide / Math.max(width, height, 1))
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }))
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = Math.max(1, Math.round(width * factor))
    canvas.height = Math.max(1, Math.round(height * factor))
    const context = canvas.getContext('2d')
    if (!context) throw new Error('No 2D canvas')
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, canvas.width, canvas.height)
    context.drawImage(image, 0, 0, canvas.width, canvas.height)
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The PNG was not made'))),
        'image/png',
      ),
    )
  } finally {
    URL.revokeObjectURL(url)
  }
}
