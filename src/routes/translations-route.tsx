import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { missingKeysQueryOptions } from '../api/translations/missing-keys'
import { preloadRouteData } from '../app/route-data'
import { requireSignedIn } from '../app/route-guards'
import { languageRoute } from './language-route'
import { loadWorkspaceCatalog } from '../i18n/activate'
import { languageOf } from '../../contract/ui-languages'

const MissingTranslationsScreen = lazyRouteComponent(
  () => import('../business/translations/missing-translations-screen'),
  'MissingTranslationsScreen',
)

/**
 * /{lang}/translations/missing: the translator's page (SPEC.md section 6), the keys the apps of translators
 * showed without a translation. Signed in only; the screen tells a user without the translator flag that the
 * page is not for them (the server refuses them the list too).
 */
export const missingTranslationsRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'translations/missing',
  staticData: { area: 'private', screenName: 'MissingTranslationsScreen' },
  beforeLoad: requireSignedIn,
  loader: ({ context, params }) =>
    Promise.all([
      loadWorkspaceCatalog(languageOf(params.lang)),
      preloadRouteData(context.queryClient, missingKeysQueryOptions()),
    ]),
  component: MissingTranslationsScreen,
})
