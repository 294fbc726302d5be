import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { StepFailure } from '../../../machines/onboarding'
import { useCitySearch } from '../../api/onboarding/queries'
import type { Language } from '../../../contract/ui-languages'
import { SelectField } from '../../ui/select-field'
import { TextField } from '../../ui/text-field'
import { fieldErrorOf } from './step-card'

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
  const message = fieldErrorOf(failure, 'city_id')
  return (
    <div className="city-field">
      <TextField
        type="search"
        label={<Trans>City</Trans>}
        value={term}
        placeholder={t`Start typing the name`}
        onChange={(event) => setTerm(event.target.value)}
        error={cities.length > 0 ? undefined : message}
      />
      {cities.length > 0 ? (
        <SelectField
          name="city_id"
          label={<Trans>Choose your city</Trans>}
          value={cityId}
          onChange={(event) => setCityId(event.target.value)}
          error={message}
        >
          <option value="">{t`Not chosen`}</option>
          {cities.map((city) => (
            <option key={city.id} value={city.id}>
              {city.state_title ? `${city.title}, ${city.state_title}` : city.title}
            </option>
          ))}
        </SelectField>
      ) : null}
    </div>
  )
}
