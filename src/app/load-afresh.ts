import { isLanguage, localizedPath } from '../../contract/ui-languages'

type PageLoader = (path: string) => void

/**
 * A real page load; jsdom has none, so screen tests put their own recorder in its place. It starts once the
 * current task is over, so that what the flow's final state publishes (the inspector's channel, a log line) has
 * left the page before it unloads.
 */
let loadPage: PageLoader = (path) => {
  setTimeout(() => window.location.assign(path), 0)
}

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
