import { isLanguage, localizedPath } from '../../contract/ui-languages'

type PageLoader = (path: string) => void

/** A real page load; jsdom has none, so screen tests put their own recorder in its place. */
let loadPage: PageLoader = (path) => window.location.assign(path)

/**
 * Loads the app afresh at the home page of `language`: after the account of the session changed (signed in as
 * someone else, or back), so that nothing the previous account loaded (queries, machines) stays in memory and
 * the session starts from the new access token.
 */
export function loadHomeAfresh(language: string): void {
  loadPage(localizedPath(isLanguage(language) ? language : 'ru', '/'))
}

/** Replaces the page load (screen tests, which observe where the app would go); returns the previous one. */
export function replacePageLoader(loader: PageLoader): PageLoader {
  const previous = loadPage
  loadPage = loader
  return previous
}
