import { Trans } from '@lingui/react/macro'
import { useRecordGroups } from '../../api/record-groups/record-groups'

/**
 * Why the book shows only some columns to a member limited to one hall or department (restricted_record_group_id):
 * the group is named, so the member knows the others are not missing by mistake. Nothing for everyone else.
 */
export function BookGroupNote({ companyId, groupId }: { companyId: number; groupId: number | null }) {
  const groups = useRecordGroups(companyId, { enabled: groupId !== null })
  if (groupId === null) return null
  const title = groups.data?.find((group) => group.id === groupId)?.title
  return (
    <p className="field__hint" role="note">
      {title === undefined ? (
        <Trans>Your rights show the staff of one hall or department only.</Trans>
      ) : (
        <Trans>Your rights show the staff of “{title}” only.</Trans>
      )}
    </p>
  )
}
