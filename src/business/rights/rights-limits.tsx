import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { RightLimits, Rights } from '../../../contract/access/rights-catalogue'
import { Checkbox } from '../../ui/checkbox'
import { SelectField } from '../../ui/select-field'
import { TextField } from '../../ui/text-field'
import { dayCountOf } from './rights-draft'
import { rightLimitTexts } from './right-texts'

type DayLimit = 'edit_records_last_days_count' | 'create_records_last_days_count' | 'finances_last_days_count'
const dayLimits: DayLimit[] = [
  'edit_records_last_days_count',
  'create_records_last_days_count',
  'finances_last_days_count',
]

/**
 * The numeric limits as inputs: the three last-days windows as numbers (empty is no limit), one staff member and
 * one appointment group (hall or department) as choices, and the accounts as ticks.
 */
export function RightsLimits(props: {
  draft: Rights
  locked: boolean
  staff: { id: number; name: string }[]
  /** The company's accounts, or null when the editor may not list them (then the ids are typed). */
  accounts: { id: number; title: string }[] | null
  /** The company's appointment groups (halls and departments) to choose one from. */
  groups: { id: number; title: string }[]
  onChange: <K extends keyof RightLimits>(key: K, value: RightLimits[K]) => void
}) {
  const { i18n, t } = useLingui()
  const { draft, locked } = props
  const accountIds = draft.restricted_account_ids ?? []
  const groupId = draft.restricted_record_group_id
  const toggleAccount = (id: number, on: boolean) => {
    const next = on ? [...accountIds, id].sort((a, b) => a - b) : accountIds.filter((other) => other !== id)
    props.onChange('restricted_account_ids', next.length === 0 ? null : next)
  }
  return (
    <fieldset className="rights-limits" disabled={locked}>
      <legend>
        <Trans>Limits</Trans>
      </legend>
      {dayLimits.map((key) => (
        <DayLimitField
          key={key}
          label={i18n._(rightLimitTexts[key].title)}
          hint={i18n._(rightLimitTexts[key].description)}
          value={draft[key]}
          onChange={(value) => props.onChange(key, value)}
        />
      ))}
      <SelectField
        label={i18n._(rightLimitTexts.restricted_master_id.title)}
        value={draft.restricted_master_id === null ? '' : String(draft.restricted_master_id)}
        onChange={(event) =>
          props.onChange(
            'restricted_master_id',
            event.target.value === '' ? null : Number(event.target.value),
          )
        }
      >
        <option value="">{t`Every staff member`}</option>
        {props.staff.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </SelectField>
      <p className="field__hint">{i18n._(rightLimitTexts.restricted_master_id.description)}</p>
      <SelectField
        label={i18n._(rightLimitTexts.restricted_record_group_id.title)}
        value={groupId === null ? '' : String(groupId)}
        onChange={(event) =>
          props.onChange(
            'restricted_record_group_id',
            event.target.value === '' ? null : Number(event.target.value),
          )
        }
      >
        <option value="">{t`Every hall and department`}</option>
        {groupId !== null && !props.groups.some((group) => group.id === groupId) ? (
          <option value={groupId}>{t`A deleted group`}</option>
        ) : null}
        {props.groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.title}
          </option>
        ))}
      </SelectField>
      <p className="field__hint">{i18n._(rightLimitTexts.restricted_record_group_id.description)}</p>
      <fieldset className="rights-limits__accounts">
        <legend>{i18n._(rightLimitTexts.restricted_account_ids.title)}</legend>
        <p className="field__hint">{i18n._(rightLimitTexts.restricted_account_ids.description)}</p>
        {props.accounts === null ? (
          <p>
            <Trans>The accounts can be chosen by someone who may see the salon's accounts.</Trans>
          </p>
        ) : props.accounts.length === 0 ? (
          <p>
            <Trans>The salon has no accounts yet.</Trans>
          </p>
        ) : (
          props.accounts.map((account) => (
            <Checkbox
              key={account.id}
              label={account.title}
              checked={accountIds.includes(account.id)}
              onChange={(event) => toggleAccount(account.id, event.target.checked)}
            />
          ))
        )}
      </fieldset>
    </fieldset>
  )
}

const format = (value: number | null) => (value === null ? '' : String(value))

/** A last-days window: the text as typed, passed on whenever it reads as a limit or as none. */
function DayLimitField(props: {
  label: string
  hint: string
  value: number | null
  onChange: (value: number | null) => void
}) {
  const { t } = useLingui()
  const [text, setText] = useState(format(props.value))
  const parsed = dayCountOf(text)
  // A preset or a discard changes the value from outside: the field follows unless the user is mid-typing.
  const shown = parsed === props.value || parsed === 'invalid' ? text : format(props.value)
  return (
    <TextField
      label={props.label}
      hint={props.hint}
      inputMode="numeric"
      autoComplete="off"
      value={shown}
      error={
        dayCountOf(shown) === 'invalid'
          ? t`Enter a whole number of days from 0 to 3650, or leave it empty.`
          : undefined
      }
      onChange={(event) => {
        setText(event.target.value)
        const next = dayCountOf(event.target.value)
        if (next !== 'invalid') props.onChange(next)
      }}
    />
  )
}
