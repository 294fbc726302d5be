import type { ReactNode } from 'react'
import type { PaymentOptions } from '../../../contract/appointments/schemas'
import { SelectField } from '../../ui/select-field'

/** The account a payment goes into or a refund leaves: one of those the member may use. */
export function AccountSelectField({
  label,
  accounts,
  value,
  error,
  onChange,
}: {
  label: ReactNode
  accounts: PaymentOptions['accounts']
  value: number | undefined
  error: string | undefined
  onChange: (accountId: number) => void
}) {
  return (
    <SelectField
      label={label}
      value={value ?? ''}
      error={error}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {accounts.map((account) => (
        <option key={account.id} value={account.id}>
          {account.title}
        </option>
      ))}
    </SelectField>
  )
}
