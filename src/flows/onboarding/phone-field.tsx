import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { useCountries } from '../../api/onboarding/queries'
import type { Country } from '../../../contract/references/schemas'
import type { Language } from '../../../contract/ui-languages'
import { SelectField } from '../../ui/select-field'
import { TextField } from '../../ui/text-field'
import { detectCountry, internationalPhone, withCountryCode } from './phone-country'

/** Russia, the default country (SPEC.md section 9: the default language is Russian). */
const DEFAULT_COUNTRY_ID = 1

/**
 * A phone with its country. The chosen country reads a national number ("916 123-45-67"); a number typed
 * with its plus names its own country, which the select then follows. What the form sends as `phone` is
 * the international number, since the server reads every number that way.
 */
export function PhoneField({
  language,
  error,
  autoFocus,
  defaultPhone = '',
}: {
  language: Language
  error: string | undefined
  autoFocus?: boolean
  /** What the visitor typed before, when the first step shows again. */
  defaultPhone?: string
}) {
  const { t } = useLingui()
  const countries = useCountries(language).data ?? []
  const [phone, setPhone] = useState(defaultPhone)
  const [chosen, setChosen] = useState<Country | null>(null)
  const current = chosen ?? countries.find((item) => item.id === DEFAULT_COUNTRY_ID) ?? countries[0] ?? null
  const country = detectCountry(phone, countries, current)

  return (
    <div className="phone-field">
      <SelectField
        name="phone_country"
        label={<Trans>Country</Trans>}
        value={country?.id ?? ''}
        onChange={(event) => {
          const next = countries.find((item) => item.id === Number(event.target.value))
          if (!next) return
          setPhone((typed) => withCountryCode(typed, country, next))
          setChosen(next)
        }}
      >
        {countries.map((item) => (
          <option key={item.id} value={item.id}>
            {item.flag} {item.title} +{item.phone_code}
          </option>
        ))}
      </SelectField>
      <TextField
        name="phone_typed"
        type="tel"
        label={<Trans>Phone</Trans>}
        autoComplete="tel"
        inputMode="tel"
        autoFocus={autoFocus}
        value={phone}
        placeholder={country?.phone_example || t`+7 912 345-67-89`}
        onChange={(event) => {
          const typed = event.target.value
          setPhone(typed)
          // A number that names its country by its plus makes that country the chosen one.
          const named = detectCountry(typed, countries, current)
          if (named && named.id !== current?.id) setChosen(named)
        }}
        error={error}
      />
      <input type="hidden" name="phone" value={internationalPhone(phone, country)} />
    </div>
  )
}
