import { PAGE_REPLIES_DATA, pageReplyKey } from '../../contract/page-replies'
import { takePageData } from '../app/page-data'

/**
 * How long after the page opened a written reply may stand in for the server's: the first screen takes them at
 * once; one left unused that long (the visitor went elsewhere first) is too old to show.
 */
export const WRITTEN_REPLY_MAX_AGE_MS = 30_000

let written: Record<string, unknown> | undefined

function writtenReplies(): Record<string, unknown> {
  if (written === undefined) {
    const data = takePageData(PAGE_REPLIES_DATA)
    written = data && typeof data === 'object' ? (data as Record<string, unknown>) : {}
  }
  return written
}

/** Whether the page still holds replies the server wrote for its first screen. */
export const holdsWrittenReplies = (): boolean => Object.keys(writtenReplies()).length > 0

/**
 * The reply the server wrote into the page for this call (server/http/page-replies.ts), once, as the `Response`
 * the call would have received: the caller reads and checks it like any other. Undefined when there is none,
 * when it was taken already, or when the page is too old; a call that `changesReplies` and was not written drops
 * every written reply, since none may then still be true.
 */
export function takeWrittenReply(method: string, url: string, changesReplies: boolean): Response | undefined {
  const replies = writtenReplies()
  const key = pageReplyKey(method, url)
  const reply = replies[key]
  delete replies[key]
  if (reply !== undefined && performance.now() <= WRITTEN_REPLY_MAX_AGE_MS) {
    return new Response(JSON.stringify(reply), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  }
  if (changesReplies) written = {}
  return undefined
}
