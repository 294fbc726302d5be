import { useLingui } from '@lingui/react/macro'
import { useLocation } from '@tanstack/react-router'
import { isLanguage, languages, localizedPath, type Language } from '../../contract/ui-languages'

const languageNames: Record<Language, string> = { ru: 'Русский', en: 'English' }

/** The current path without its language prefix. */
function unprefixed(pathname: string): string {
  const [, first, ...rest] = pathname.split('/')
  return isLanguage(first) ? `/${rest.join('/')}` : pathname
}

/** Plain links, so that the language is part of the URL and survives a reload or a shared link. */
export function LanguageSwitcher() {
  const { i18n, t } = useLingui()
  const { pathname } = useLocation()
  const path = unprefixed(pathname)
  return (
    <nav className="language-switcher" aria-label={t`Language`}>
      {languages.map((language) => (
        <a
          key={language}
          href={localizedPath(language, path)}
          lang={language}
          aria-current={i18n.locale === language ? 'true' : undefined}
        >
          {languageNames[language]}
        </a>
      ))}
    </nav>
  )
}
