import { createRoute, notFound, Outlet } from '@tanstack/react-router'
import { activateLanguage, loadCatalog } from '../i18n/activate'
import { isLanguage, languageOf } from '../../contract/ui-languages'
import { rootRoute } from './root-route'

/** Every route takes an optional language prefix: /signin is Russian, /en/signin English. */
export const languageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '{-$lang}',
  beforeLoad: async ({ params }) => {
    if (params.lang !== undefined && !isLanguage(params.lang)) throw notFound()
    const language = languageOf(params.lang)
    await loadCatalog(language)
    activateLanguage(language)
  },
  component: Outlet,
})
