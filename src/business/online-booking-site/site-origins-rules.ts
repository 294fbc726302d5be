import {
  isExactOrigin,
  MAX_FRAME_ORIGINS,
  originAsTyped,
} from '../../../contract/online-booking/frame-origins'

/** What the owner typed, one site a line, as the list to save or the lines that are not a site address. */
export type TypedOrigins =
  { kind: 'origins'; origins: string[] } | { kind: 'not-origins'; lines: string[] } | { kind: 'too-many' }

/**
 * Reads the text box: blank lines skipped, each other line taken as the origin it most likely means
 * (`HTTPS://Salon.Example/` → `https://salon.example`), repeats dropped. A line with a path, a wildcard or no
 * scheme is reported as typed, never guessed at: the owner must see which site would be allowed.
 */
export function readTypedOrigins(text: string): TypedOrigins {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
  const origins = [...new Set(lines.map(originAsTyped))]
  const wrong = lines.filter((line) => !isExactOrigin(originAsTyped(line)))
  if (wrong.length > 0) return { kind: 'not-origins', lines: wrong }
  if (origins.length > MAX_FRAME_ORIGINS) return { kind: 'too-many' }
  return { kind: 'origins', origins }
}

/** The HTML a site pastes to show a booking page: a titled, lazily loaded frame as wide as its column. */
export function iframeSnippet(src: string, title: string): string {
  const escape = (text: string) =>
    text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
  return `<iframe src="${escape(src)}" title="${escape(title)}" loading="lazy" style="width: 100%; max-width: 640px; height: 760px; border: 0"></iframe>`
}
