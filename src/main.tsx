import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { I18nProvider } from '@lingui/react'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { deviceId } from './api/token-store'
import { setUnownedFailureReporter } from './api/unowned-failure'
import { holdsWrittenReplies } from './api/written-replies'
import { followInspectorLanguageRequests } from './app/inspected-language'
import { normalizeSlashes } from './app/normalize-path'
import { queryClient } from './app/query-client'
import { createAppRouter } from './app/router'
import { createSessionActor } from './app/session'
import { SessionProvider } from './app/session-context'
import { activateLanguage, i18n, loadCatalog } from './i18n/activate'
import { languageOf } from '../contract/ui-languages'
import { showRequestFailureToast } from './ui/request-failure-toast'
import './ui/styles.css'

// A path with double slashes is rewritten before anything reads it (SPEC.md section 2).
const { pathname, search, hash } = window.location
if (normalizeSlashes(pathname) !== pathname) {
  window.history.replaceState(null, '', normalizeSlashes(pathname) + search + hash)
}

// The route activates the language too; doing it now means the first paint is already translated. Only the
// catalog of the page's language is fetched (the HTML preloads it), in parallel with the rest of the start.
const language = languageOf(window.location.pathname.split('/')[1])
const catalogLoaded = loadCatalog(language)
followInspectorLanguageRequests(
  (requested) => void loadCatalog(requested).then(() => activateLanguage(requested)),
)
deviceId()
setUnownedFailureReporter(showRequestFailureToast)

/**
 * Lets the browser paint and answer input between the steps of the start: the session's machine, the router with
 * its route tree, and the first render are tasks of their own rather than one long task with the scripts'
 * evaluation, which a slow phone would spend frozen.
 */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// An async function, not a top-level await: that would make the bundler move every module the lazy screens share
// with the entry into chunks of their own, dozens of extra requests.
async function start() {
  await yieldToBrowser()
  const session = createSessionActor(queryClient)
  session.start()
  await yieldToBrowser()
  const router = createAppRouter({ queryClient, session })
  // A page the server has drawn (server/http/first-paint.ts) stays as it is until the router has loaded its route
  // (data and screen), so that the first render replaces it with the same screen, whole, and nothing flickers.
  // A page that holds its replies (a workspace page, server/http/page-replies.ts) is rendered whole too, in the
  // slices of the transition below: rendered before its route has loaded, it would show the spinner, then the
  // screen in one long task, as a route that finishes loading re-renders at once, outside any transition.
  const rootElement = document.getElementById('root')!
  await (rootElement.hasChildNodes() || holdsWrittenReplies()
    ? Promise.all([catalogLoaded, router.load().catch(() => undefined)])
    : catalogLoaded)
  activateLanguage(language)
  const root = createRoot(rootElement)
  // A transition: React renders the first screen in slices, yielding to the browser between them.
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <SessionProvider session={session}>
              <RouterProvider router={router} />
            </SessionProvider>
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  )
}
void start()
