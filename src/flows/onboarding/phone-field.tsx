import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useCountries } from '../../api/onboarding/queries'
import type { Country } from '../../../contract/references/schemas'
import type { Language } from '../../i18n/languages'
import { FieldError } from './step-card'
import { detectCountry, withCountryCode } from './phone-country'

/**
 * A phone with its country: the country follows the digits as they are typed, and choosing a
 * country puts its calling code in front. The example of the chosen country shows the expected shape.
 */
export function PhoneField({
  language,
  error,
  autoFocus,
}: {
  language: Language
  error: string | undefined
  autoFocus?: boolean
}) {
  const { t } = useLingui()
  const countries = useCountries(language).data ?? []
  const [phone, setPhone] = useState('')
  const [chosen, setChosen] = useState<Country | null>(null)
  const country = detectCountry(phone, countries, chosen) ?? countries.find((item) => item.id === 1) ?? null

  return (
    <div className="phone-field">
      <label className="field">
        <span className="field__label">
          <Trans>Country</Trans>
        </span>
        <select
          name="phone_country"
          value={country?.id ?? ''}
          onChange={(event) => {
            const next = countries.find((item) => item.id === Number(event.target.value))
            if (!next) return
            setPhone((current) => withCountryCode(current, country, next))
            setChosen(next)
          }}
        >
          {countries.map((item) => (
            <option key={item.id} value={item.id}>
              {item.flag} {item.title} +{item.phone_code}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span className="field__label">
          <Trans>Phone</Trans>
        </span>
        <input
          name="phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          autoFocus={autoFocus}
          value={phone}
          placeholder={country?.phone_example || t`+7 912 345-67-89`}
          onChange={(event) => setPhone(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'phone-error' : undefined}
        />
        <FieldError name="phone" message={error} />
      </label>
    </div>
  )
}
