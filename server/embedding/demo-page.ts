/**
 * The example parent page of docs/embedding.md: it frames the app, shows whether the ready handshake
 * arrived and logs every message it receives, marking those that fail the checks a parent must make.
 * The development server serves it at /embed-demo; the end-to-end tests serve the same page from
 * another origin, which is how a real admin application embeds the app.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

/** A path inside the app, such as `/en/signin`; anything else falls back to the start page. */
export function framedPathOf(requested: unknown): string {
  return typeof requested === 'string' && /^\/(?!\/)[\w\-/]*$/.test(requested) ? requested : '/'
}

/** The page; `appUrl` is the app page to frame, absolute or relative to the page. */
export function embedDemoPageHtml(appUrl: string, scriptUrl = '/embed-demo/parent.js'): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Admin application (embedding example)</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 16px; }
iframe { width: 100%; height: 560px; border: 1px solid #888; }
#log li { font-family: monospace; white-space: pre-wrap; }
#log li.ignored { color: #a00; }
</style>
</head>
<body>
<h1>Admin application (embedding example)</h1>
<p>Frame status: <strong id="frame-status">waiting for ready</strong>
<button id="ping" type="button">Ping the frame</button></p>
<iframe id="app-frame" title="Salon" src="${escapeHtml(appUrl)}"></iframe>
<h2>Messages received</h2>
<ol id="log"></ol>
<script src="${escapeHtml(scriptUrl)}"></script>
</body>
</html>
`
}

/**
 * The page's script, kept in a file of its own because the Content-Security-Policy allows no inline
 * script. It makes exactly the checks docs/embedding.md asks of a parent.
 */
export const embedDemoScript = `'use strict'
const frame = document.getElementById('app-frame')
const appOrigin = new URL(frame.src, location.href).origin
const log = document.getElementById('log')
// The tests read these; a real parent would act on the messages instead.
window.receivedMessages = []
window.ignoredMessages = []

window.addEventListener('message', (event) => {
  const data = event.data
  const trusted =
    event.origin === appOrigin &&
    event.source === frame.contentWindow &&
    data !== null &&
    typeof data === 'object' &&
    data.source === 'salon-embedded' &&
    data.version === 1 &&
    typeof data.type === 'string'
  const entry = document.createElement('li')
  entry.textContent = (trusted ? '' : 'IGNORED from ' + event.origin + ': ') + JSON.stringify(data)
  if (!trusted) {
    entry.className = 'ignored'
    window.ignoredMessages.push({ origin: event.origin, data })
  } else {
    window.receivedMessages.push(data)
    if (data.type === 'ready') document.getElementById('frame-status').textContent = 'ready'
  }
  log.append(entry)
})

document.getElementById('ping').addEventListener('click', () => {
  frame.contentWindow.postMessage({ source: 'salon-embedded', version: 1, type: 'ping' }, appOrigin)
})
`
