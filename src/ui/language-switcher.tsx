import { useLingui } from '@lingui/react/macro'
import { useLocation, useRouter } from '@tanstack/react-router'
import { isLanguage, languages, localizedPath, pseudoLanguage } from '../../contract/ui-languages'
import { ownName } from '../../contract/language-names'

/** The current path without its language prefix. */
function unprefixed(pathname: string): string {
  const [, first, ...rest] = pathname.split('/')
  return isLanguage(first) ? `/${rest.join('/')}` : pathname
}

/**
 * Every language the app speaks, each by its own name; choosing one opens the same page under its prefix, so
 * that the language is part of the URL and survives a reload or a shared link.
 */
export function LanguageSwitcher() {
  const { i18n, t } = useLingui()
  const { pathname, searchStr } = useLocation()
  const router = useRouter()
  const path = unprefixed(pathname)
  return (
    // translate="no": each language is named in its own words, whatever the page's language.
    <div className="language-switcher" translate="no">
      <select
        aria-label={t`Language`}
        value={i18n.locale}
        onChange={(event) => {
          if (isLanguage(event.target.value)) {
            void router.navigate({ href: localizedPath(event.target.value, path) + searchStr })
          }
        }}
      >
        {/* The pseudo-locale is not offered, but named while it is shown, so the list shows where one is. */}
        {(i18n.locale === pseudoLanguage ? [...languages, pseudoLanguage] : [...languages]).map(
          (language) => (
            <option key={language} value={language} lang={language}>
              {ownName(language)}
            </option>
          ),
        )}
      </select>
    </div>
  )
}
