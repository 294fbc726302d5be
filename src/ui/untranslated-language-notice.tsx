import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { isLanguage, lacksCatalog } from '../../contract/ui-languages'
import { ownName } from '../../contract/language-names'

const dismissedKey = (language: string) => `untranslated-notice-dismissed:${language}`

function wasDismissed(language: string): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(language)) === '1'
  } catch {
    return false
  }
}

/**
 * A language without a catalog of its own is shown in English, message by message; this says so once, at the
 * top of the page, until the person closes it (remembered on this device, per language).
 */
export function UntranslatedLanguageNotice() {
  const { i18n, t } = useLingui()
  const language = i18n.locale
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set())
  if (!isLanguage(language) || !lacksCatalog(language)) return null
  if (dismissed.has(language) || wasDismissed(language)) return null
  const name = ownName(language)
  return (
    <div className="untranslated-notice" role="status">
      <p>
        <Trans>The app is not translated into {name} yet, so it is shown in English.</Trans>
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          try {
            window.localStorage.setItem(dismissedKey(language), '1')
          } catch {
            // Private mode: the notice is then closed for this visit only.
          }
          setDismissed(new Set([...dismissed, language]))
        }}
      >
        {t`Close`}
      </button>
    </div>
  )
}
