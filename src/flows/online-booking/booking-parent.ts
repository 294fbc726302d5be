import { parentOriginCandidate, type DetectionWindow } from '../../embedded/detect-embedding'

/** What the booking page tells the site that shows it in a frame. */
export type BookingParentMessage =
  | { source: 'salon-booking'; version: 1; type: 'ready'; payload: { company_id: number } }
  | {
      source: 'salon-booking'
      version: 1
      type: 'booked'
      payload: { company_id: number; start_at: string }
    }

export type BookingParentWindow = DetectionWindow & { parent: Pick<Window, 'postMessage'> }

/**
 * Posts to the site that frames the booking page, addressed to its exact origin, and only when that origin is
 * one the salon lists: the browser has already refused any other framing site (frame-ancestors), and this check
 * keeps a page framed by the app itself, or reached through an unexpected parent, from telling anyone. Returns
 * whether it posted.
 */
export function postToBookingParent(
  win: BookingParentWindow,
  allowedOrigins: readonly string[],
  message: BookingParentMessage,
): boolean {
  const origin = parentOriginCandidate(win)
  if (origin === null || !allowedOrigins.includes(origin)) return false
  win.parent.postMessage(message, origin)
  return true
}
