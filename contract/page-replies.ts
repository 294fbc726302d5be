/**
 * The API replies a signed-in page's first screen asks for, as the server writes them into the page
 * (server/http/page-replies.ts) under this key of the page's data, so that the app's first render needs no request
 * of its own. Each is the reply's whole envelope, keyed by `pageReplyKey`.
 */
export const PAGE_REPLIES_DATA = 'api-replies'

/** How a written reply is found: the method and the address with its query, exactly as the app sends them. */
export const pageReplyKey = (method: string, url: string): string => `${method} ${url}`
