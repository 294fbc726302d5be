import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { storageTypes, type StorageType } from '../../../contract/storages/schemas'
import { SelectField } from '../../ui/select-field'
import { TextField } from '../../ui/text-field'
import type { TitleField } from '../shell/title-field'
import { storageTypeNames } from './storage-types'

/** The title and the type of a storage, as both the new-storage form and the change form ask for them. */
export function StorageFormFields(props: {
  field: TitleField
  titleLabel: ReactNode
  type: StorageType
  onType: (type: StorageType) => void
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
        label={<Trans>Holds</Trans>}
        value={type}
        onChange={(event) => onType(event.target.value as StorageType)}
      >
        {storageTypes.map((each) => (
          <option key={each} value={each}>
            {t(storageTypeNames[each])}
          </option>
        ))}
      </SelectField>
    </>
  )
}
