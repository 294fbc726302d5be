/** The data the server wrote into the page for its first render (server/http/first-paint.ts), by key. */
let written: Record<string, unknown> | undefined

function readWritten(): Record<string, unknown> {
  const element = document.getElementById('page-data')
  let data: Record<string, unknown> = {}
  try {
    const parsed: unknown = element?.textContent ? JSON.parse(element.textContent) : {}
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>
  } catch {
    // Unreadable: the screens ask the server, as they do on every later visit.
  }
  element?.remove()
  return data
}

/**
 * What the server wrote under `key`, once: the first render of the page it was written for uses it, and any later
 * visit of that screen in the same tab asks the server as usual. The caller checks it with the reply's schema.
 */
export function takePageData(key: string): unknown {
  written ??= readWritten()
  const value = written[key]
  delete written[key]
  return value
}
