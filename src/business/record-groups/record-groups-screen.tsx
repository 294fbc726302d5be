import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRecordGroups } from '../../api/record-groups/record-groups'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { NewRecordGroupForm } from './new-record-group-form'
import { RecordGroupRow } from './record-group-row'

/**
 * The company's halls and departments (appointment groups): create, rename, delete, and see who works in each. A
 * staff member is put in a group on their card; a team member can be limited to one group in their rights.
 */
export function RecordGroupsScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Halls and departments`)
  const company = useCurrentCompany()
  const groups = useRecordGroups(company.id)
  const canEdit = company.access.settings_master_edit_access

  if (groups.isPending) return <Spinner size="large" />
  if (groups.isError) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>Halls and departments</Trans>
        </h1>
        <p>
          <Trans>The halls and departments could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void groups.refetch()}>
          {t`Try again`}
        </button>
      </section>
    )
  }
  return (
    <section className="card" aria-labelledby="record-groups-title">
      <h1 id="record-groups-title">
        <Trans>Halls and departments</Trans>
      </h1>
      <p className="section-intro">
        <Trans>
          Group the staff by where they work, such as "Hair hall" or "Nails". Each staff member works in one
          group at most: choose it on their{' '}
          <Link
            to="/{-$lang}/company/$companyId/staff"
            params={(previous) => ({ ...previous, companyId: String(company.id) })}
          >
            card
          </Link>
          . A team member limited to one group sees only its staff and their appointments.
        </Trans>
      </p>
      {canEdit ? <NewRecordGroupForm companyId={company.id} /> : null}
      {canEdit ? null : (
        <ReadOnlyNote>
          <Trans>
            You can see the halls and departments but not change them: your rights in this company do not
            include editing the staff.
          </Trans>
        </ReadOnlyNote>
      )}
      {groups.data.length === 0 ? (
        <p className="empty-state">
          <Trans>
            There are no halls or departments yet. Create the first one above, for example "Hair hall".
          </Trans>
        </p>
      ) : (
        <ul className="category-list" aria-label={t`Halls and departments`}>
          {groups.data.map((group) => (
            <RecordGroupRow key={group.id} companyId={company.id} group={group} canEdit={canEdit} />
          ))}
        </ul>
      )}
    </section>
  )
}
