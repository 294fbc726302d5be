import { Trans, useLingui } from '@lingui/react/macro'
import type { PositionInUse } from '../../../contract/positions/schemas'

/** Why a position cannot go: the staff members and team members who hold it, in a sentence and a list each. */
export function PositionHolders({ title, holders }: { title: string; holders: PositionInUse }) {
  const { i18n } = useLingui()
  const list = new Intl.ListFormat(i18n.locale, { type: 'conjunction' })
  const staffNames = list.format(holders.staff)
  const memberNames = list.format(holders.members)
  return (
    <>
      <p>
        <Trans>
          "{title}" cannot be deleted while people hold it. Give them another position first, then delete it.
        </Trans>
      </p>
      {holders.staff.length > 0 ? (
        <p>
          <Trans>Staff members: {staffNames}.</Trans>
        </p>
      ) : null}
      {holders.members.length > 0 ? (
        <p>
          <Trans>Team members with access to the company: {memberNames}.</Trans>
        </p>
      ) : null}
    </>
  )
}
