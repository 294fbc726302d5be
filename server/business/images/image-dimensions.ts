/** What the first bytes of an upload say it is: its real type and its size in pixels. */
export interface ImageFacts {
  type: 'image/jpeg' | 'image/png' | 'image/webp'
  extension: 'jpg' | 'png' | 'webp'
  width: number
  height: number
}

function pngFacts(bytes: Buffer): ImageFacts | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) return null
  if (bytes.toString('ascii', 12, 16) !== 'IHDR') return null
  return {
    type: 'image/png',
    extension: 'png',
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
  }
}

/** Walks the JPEG markers to the first start-of-frame, which holds the size. */
function jpegFacts(bytes: Buffer): ImageFacts | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null
  let offset = 2
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null
    const marker = bytes[offset + 1]!
    if (marker === 0xff) {
      offset += 1
      continue
    }
    const length = bytes.readUInt16BE(offset + 2)
    const isStartOfFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
    if (isStartOfFrame) {
      return {
        type: 'image/jpeg',
        extension: 'jpg',
        height: bytes.readUInt16BE(offset + 5),
        width: bytes.readUInt16BE(offset + 7),
      }
    }
    if (length < 2) return null
    offset += 2 + length
  }
  return null
}

function webpFacts(bytes: Buffer): ImageFacts | null {
  if (
    bytes.length < 30 ||
    bytes.toString('ascii', 0, 4) !== 'RIFF' ||
    bytes.toString('ascii', 8, 12) !== 'WEBP'
  ) {
    return null
  }
  const chunk = bytes.toString('ascii', 12, 16)
  const facts = (width: number, height: number): ImageFacts => ({
    type: 'image/webp',
    extension: 'webp',
    width,
    height,
  })
  if (chunk === 'VP8 ') return facts(bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff)
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21)
    return facts((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1)
  }
  if (chunk === 'VP8X') return facts(bytes.readUIntLE(24, 3) + 1, bytes.readUIntLE(27, 3) + 1)
  return null
}

/**
 * Reads the type and size of a JPEG, PNG or WebP picture from its own bytes, never from the name or the type the
 * client claimed; anything else (or a broken header) is null.
 */
export function readImageFacts(bytes: Buffer): ImageFacts | null {
  const facts = pngFacts(bytes) ?? jpegFacts(bytes) ?? webpFacts(bytes)
  if (!facts || facts.width < 1 || facts.height < 1) return null
  return facts
}
