import type { EmbeddingParent } from '../../machines/embedded'

/** What detection reads of the window, so that tests can describe a frame of their own. */
export interface DetectionWindow {
  parent: unknown
  self: unknown
  location: { ancestorOrigins?: ArrayLike<string> }
  document: { referrer: string }
}

/**
 * The origin of the page that frames the app, as the browser reports it: `location.ancestorOrigins`
 * where it exists (Chromium, Safari), else the origin of the referrer, which is the parent's page when
 * the frame was loaded. Null when the app is not in a frame.
 */
export function parentOriginCandidate(win: DetectionWindow): string | null {
  if (win.parent === win.self) return null
  const ancestor = win.location.ancestorOrigins?.[0]
  if (ancestor) return ancestor
  try {
    return new URL(win.document.referrer).origin
  } catch {
    return null
  }
}

/**
 * Embedded mode holds when the app is in a frame whose parent origin is on the server's allow-list,
 * compared exactly (scheme, host and port). The browser's frame-ancestors check comes first; this one
 * decides whether the app talks to its parent at all.
 */
export async function detectEmbedding(
  win: DetectionWindow,
  loadAllowedOrigins: () => Promise<readonly string[]>,
): Promise<EmbeddingParent | null> {
  const candidate = parentOriginCandidate(win)
  if (candidate === null || candidate === 'null') return null
  const allowed = await loadAllowedOrigins()
  return allowed.includes(candidate) ? { origin: candidate } : null
}
