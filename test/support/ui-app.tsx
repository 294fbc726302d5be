import { I18nProvider } from '@lingui/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import { queryClient as appQueryClient } from '../../src/app/query-client'
import { createAppRouter } from '../../src/app/router'
import { createSessionActor } from '../../src/app/session'
import { SessionProvider } from '../../src/app/session-context'
import { activateLanguage, i18n } from '../../src/i18n/activate'

// jsdom has <dialog> but not its methods; the error modal falls back to the attribute when opening,
// and closing needs `close()` with its 'close' event, as browsers do it.
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.close !== 'function') {
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}

/**
 * Renders the real app as main.tsx does, but with a memory history, a fresh query cache and a fresh
 * session actor, so that each test starts from nothing. English, so that assertions read like the spec.
 */
export function renderApp(initialPath = '/en') {
  activateLanguage('en')
  const queryClient = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() })
  const session = createSessionActor(queryClient)
  const history = createMemoryHistory({ initialEntries: [initialPath] })
  const router = createAppRouter({ queryClient, session })
  router.update({ ...router.options, history })
  session.start()
  const rendered = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider session={session}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </I18nProvider>,
  )
  return { ...rendered, session, router, history, queryClient }
}

export type RenderedApp = ReturnType<typeof renderApp>
