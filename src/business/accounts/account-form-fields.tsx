import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { accountTypes, type AccountType } from '../../../contract/accounts/schemas'
import { SelectField } from '../../ui/select-field'
import { TextField } from '../../ui/text-field'
import type { TitleField } from '../shell/title-field'
import { accountTypeNames } from './account-types'

/** The title and the type of an account, as both the new-account form and the change form ask for them. */
export function AccountFormFields(props: {
  field: TitleField
  titleLabel: ReactNode
  type: AccountType
  onType: (type: AccountType) => void
  autoFocus?: boolean
}) {
  const { t } = useLingui()
  const { field, titleLabel, type, onType, autoFocus = false } = props
  return (
    <>
      <TextField
        label={titleLabel}
        value={field.title}
        onChange={(event) => field.setTitle(event.target.value)}
        error={field.error}
        autoComplete="off"
        maxLength={100}
        autoFocus={autoFocus}
      />
      <SelectField
        label={<Trans>Type</Trans>}
        value={type}
        onChange={(event) => onType(event.target.value as AccountType)}
      >
        {accountTypes.map((each) => (
          <option key={each} value={each}>
            {t(accountTypeNames[each])}
          </option>
        ))}
      </SelectField>
    </>
  )
}
