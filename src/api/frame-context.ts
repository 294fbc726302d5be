/**
 * Whether the app runs inside another page's frame. Comparing window identities works across origins;
 * reading anything else of a cross-origin parent would throw.
 */
export function runsInFrame(): boolean {
  return window.parent !== window.self
}

/** Sent with every API call from inside a frame, so the server sets its cookie for a third-party context. */
export const embeddedFrameHeader = 'X-Embedded-Frame'
