import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useCitySearch } from '../../api/onboarding/queries'
import type { Language } from '../../../contract/ui-languages'
import { SelectField } from '../../ui/select-field'
import { TextField } from '../../ui/text-field'

/**
 * The salon's city, found by typing its name (GET /city/search in the company's country). The current city stays
 * chosen until another is picked from the results; "No city" clears it.
 */
export function CityPicker(props: {
  language: Language
  countryId: number
  cityId: string
  cityTitle: string
  disabled: boolean
  onChange: (city: { id: string; title: string }) => void
}) {
  const { t } = useLingui()
  const [term, setTerm] = useState('')
  const cities = useCitySearch(term, props.countryId, props.language).data ?? []
  const current = props.cityId === '' ? null : { id: props.cityId, title: props.cityTitle }
  const choices = [
    ...(current ? [current] : []),
    ...cities
      .filter((city) => String(city.id) !== props.cityId)
      .map((city) => ({
        id: String(city.id),
        title: city.state_title ? `${city.title}, ${city.state_title}` : city.title,
      })),
  ]
  return (
    <div className="city-field">
      {props.disabled ? null : (
        <TextField
          type="search"
          label={<Trans>Find a city</Trans>}
          value={term}
          placeholder={t`Start typing the name`}
          onChange={(event) => setTerm(event.target.value)}
        />
      )}
      <SelectField
        label={<Trans>City</Trans>}
        value={props.cityId}
        disabled={props.disabled}
        onChange={(event) => {
          const chosen = choices.find((choice) => choice.id === event.target.value)
          props.onChange({ id: event.target.value, title: chosen?.title ?? '' })
        }}
      >
        <option value="">{t`No city`}</option>
        {choices.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.title}
          </option>
        ))}
      </SelectField>
    </div>
  )
}
