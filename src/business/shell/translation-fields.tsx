import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import { TextField } from '../../ui/text-field'
import type { TranslationFieldsState } from './title-translations'

/**
 * The title in the company's other languages, one optional field each: clients who book in that language see
 * it, and an empty field shows them the title as it is. Nothing is drawn when there is no other language.
 */
export function TranslationFields({ state }: { state: TranslationFieldsState }) {
  const { t } = useLingui()
  const hintId = useId()
  if (state.languages.length === 0) return null
  return (
    <fieldset className="field-row translation-fields" aria-describedby={hintId}>
      <legend>
        <Trans>Translations of the title</Trans>
      </legend>
      <p id={hintId} className="field__hint translation-fields__hint">
        <Trans>
          Optional. Clients who book in that language see it; left empty, they see the title as it is.
        </Trans>
      </p>
      {state.languages.map((language) => {
        const problem = state.problems[language.id]
        return (
          <TextField
            key={language.id}
            label={t(language.label)}
            lang={language.code}
            value={state.texts[language.id] ?? ''}
            onChange={(event) => state.set(language.id, event.target.value)}
            error={problem ? t(problem) : undefined}
            autoComplete="off"
          />
        )
      })}
    </fieldset>
  )
}
