import { useLingui } from '@lingui/react/macro'
import { translationFor, type Translation } from './title-translations'

/**
 * Under a title written in the company's language: its translation into the user's interface language, when
 * it has one (docs/decisions.md, "Title translations"). The title itself stays what the team wrote and searches by.
 */
export function TranslatedTitleHint(props: {
  item: { title: string; translations: Translation[] }
  className: string
}) {
  const { i18n } = useLingui()
  const translation = translationFor(props.item, i18n.locale)
  if (!translation) return null
  return (
    <span className={props.className} lang={i18n.locale}>
      {translation}
    </span>
  )
}
