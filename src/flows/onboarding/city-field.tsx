import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { StepFailure } from '../../../machines/onboarding'
import { useCitySearch } from '../../api/onboarding/queries'
import type { Language } from '../../i18n/languages'
import { FieldError, fieldErrorProps } from './step-card'

/** A city found by typing its name (GET /city/search); the chosen city's id is what the step sends. */
export function CityField({
  language,
  countryId,
  failure,
}: {
  language: Language
  countryId: number | null
  failure: StepFailure | null
}) {
  const { t } = useLingui()
  const [term, setTerm] = useState('')
  const [cityId, setCityId] = useState('')
  const cities = useCitySearch(term, countryId, language).data ?? []
  const { message } = fieldErrorProps(failure, 'city_id')
  return (
    <div className="field">
      <label className="field">
        <span className="field__label">
          <Trans>City</Trans>
        </span>
        <input
          type="search"
          value={term}
          placeholder={t`Start typing the name`}
          onChange={(event) => setTerm(event.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? 'city_id-error' : undefined}
        />
      </label>
      {cities.length > 0 ? (
        <label className="field">
          <span className="field__label">
            <Trans>Choose your city</Trans>
          </span>
          <select name="city_id" value={cityId} onChange={(event) => setCityId(event.target.value)}>
            <option value="">{t`Not chosen`}</option>
            {cities.map((city) => (
              <option key={city.id} value={city.id}>
                {city.state_title ? `${city.title}, ${city.state_title}` : city.title}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <FieldError name="city_id" message={message} />
    </div>
  )
}
