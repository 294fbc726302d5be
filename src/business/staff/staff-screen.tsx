import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import type { Employee } from '../../../contract/staff/schemas'
import type { ApiError } from '../../api/api-error'
import { positionsQueryOptions } from '../../api/positions/positions'
import { useServices } from '../../api/services/services'
import { useStaffList } from '../../api/staff/staff-queries'
import { useSortStaff } from '../../api/staff/staff-sort'
import { usePageTitle } from '../../ui/page-title'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'
import { TextField } from '../../ui/text-field'
import { QuickAddStaff } from '../overview/quick-add-staff'
import { useCurrentCompany } from '../shell/company-workspace'
import { moveItem, SORTABLE_LIST, useDragReorder } from '../shell/drag-reorder'
import { ReadOnlyNote } from '../shell/read-only-note'
import { RowActions } from '../shell/row-actions'
import { canEdit, pageOf } from '../shell/sections'
import { matchingStaff, positionsOf, staffFiltersOf, type StaffTab } from './staff-list'
import { addsStaffWithPosition } from './staff-part-rights'

const staffRoute = getRouteApi('/{-$lang}/company/$companyId/staff')

/**
 * The team of a company: the working staff (in the order the salon shows them, which the user can change) and
 * the dismissed ones, a search by name, a position filter and a service filter, all kept in the URL. Each name opens the card.
 */
export function StaffScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Staff`)
  const company = useCurrentCompany()
  const search = staffRoute.useSearch()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const tab: StaffTab = search.tab ?? 'active'
  const staff = useStaffList(company.id, staffFiltersOf(tab, search.service))
  const { access } = company
  // Every member may read the services; they are the choices of the service filter.
  const services = useServices(company.id)
  // Positions are their own settings; a user who may not read them adds staff without one.
  const positions = useQuery({
    ...positionsQueryOptions(company.id),
    enabled: addsStaffWithPosition(access),
  })
  const sort = useSortStaff(company.id)
  const setFilter = (next: {
    q?: string | undefined
    position?: number | undefined
    service?: number | undefined
  }) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, ...next }),
      replace: true,
    })

  const header = (
    <>
      <div className="section-header">
        <h1 id="staff-title">
          <Trans>Staff</Trans>
        </h1>
        {access.users_access ? (
          <Link
            from="/{-$lang}/company/$companyId/staff"
            to="/{-$lang}/company/$companyId/team"
            className="section-header__link"
          >
            <Trans>Team access and rights</Trans>
          </Link>
        ) : null}
      </div>
      <nav className="tabs" aria-label={t`Staff lists`}>
        {(['active', 'dismissed'] as const).map((each) => (
          <Link
            key={each}
            from="/{-$lang}/company/$companyId/staff"
            search={each === 'active' ? {} : { tab: each }}
            activeOptions={{ exact: true, includeSearch: true }}
            activeProps={{}}
            aria-current={each === tab ? 'page' : undefined}
          >
            {each === 'active' ? t`Working` : t`Dismissed`}
          </Link>
        ))}
      </nav>
      {canEdit(access, pageOf('staff')) ? null : (
        <ReadOnlyNote>
          <Trans>
            You can see the staff but not change them: your rights in this company do not include editing the
            staff.
          </Trans>
        </ReadOnlyNote>
      )}
    </>
  )
  if (staff.isPending)
    return (
      <section className="card" aria-labelledby="staff-title">
        {header}
        <Spinner size="large" />
      </section>
    )
  if (staff.isError) {
    return (
      <section className="card" aria-labelledby="staff-title">
        {header}
        <div role="alert">
          <p>
            <Trans>The staff could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void staff.refetch()}>
            {t`Try again`}
          </button>
        </div>
      </section>
    )
  }
  const query = search.q ?? ''
  const shown = matchingStaff(staff.data, { query, positionId: search.position })
  const filtered = query !== '' || search.position !== undefined || search.service !== undefined
  const canSort = tab === 'active' && access.settings_master_edit_access
  return (
    <section className="card" aria-labelledby="staff-title">
      {header}
      {tab === 'active' && access.settings_master_create_access ? (
        <QuickAddStaff
          companyId={company.id}
          positions={positions.data}
          canInvite={access.users_invite_access}
          onAdded={() => void queryClient.invalidateQueries({ queryKey: ['staff', company.id] })}
        />
      ) : null}
      {staff.data.length === 0 && search.service === undefined ? (
        <p className="empty-state">
          {tab === 'active' ? (
            <Trans>No one is on the staff yet. Add the first staff member by name.</Trans>
          ) : (
            <Trans>No one has been dismissed.</Trans>
          )}
        </p>
      ) : (
        <>
          <div className="filters" role="search">
            <TextField
              type="search"
              label={<Trans>Search by name</Trans>}
              value={query}
              onChange={(event) => setFilter({ q: event.target.value || undefined })}
            />
            <SelectField
              label={<Trans>Filter by position</Trans>}
              value={search.position === undefined ? '' : String(search.position)}
              onChange={(event) =>
                setFilter({ position: event.target.value === '' ? undefined : Number(event.target.value) })
              }
            >
              <option value="">{t`Every position`}</option>
              {positionsOf(staff.data).map((position) => (
                <option key={position.id} value={position.id}>
                  {position.title}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={<Trans>Filter by service</Trans>}
              value={search.service === undefined ? '' : String(search.service)}
              onChange={(event) =>
                setFilter({ service: event.target.value === '' ? undefined : Number(event.target.value) })
              }
            >
              <option value="">{t`Every service`}</option>
              {(services.data ?? []).map((service) => (
                <option key={service.id} value={service.id}>
                  {service.title}
                </option>
              ))}
            </SelectField>
          </div>
          {canSort && filtered && shown.length > 0 ? (
            <p className="sort-note">
              <Trans>Clear the search, the position and the service to change the order of the staff.</Trans>
            </p>
          ) : null}
          {shown.length === 0 ? (
            <p className="empty-state" role="status">
              <Trans>No staff member matches the search.</Trans>
            </p>
          ) : (
            <StaffList
              companyId={company.id}
              staff={shown}
              onSort={
                canSort && !filtered
                  ? (ids) =>
                      sort.mutate(ids, {
                        onError: (failure) => showRequestFailureToast(failure as ApiError),
                      })
                  : undefined
              }
            />
          )}
        </>
      )}
    </section>
  )
}

/** The staff in the order shown, reorderable by dragging or with the move buttons when `onSort` is given. */
function StaffList(props: {
  companyId: number
  staff: Employee[]
  onSort: ((ids: number[]) => void) | undefined
}) {
  const { t } = useLingui()
  const { companyId, staff, onSort } = props
  const byId = new Map(staff.map((employee) => [employee.id, employee]))
  const ids = staff.map((employee) => employee.id)
  const move = (from: number, to: number) => {
    if (!onSort || to < 0 || to >= ids.length || from === to) return
    onSort(moveItem(ids, from, to))
  }
  const drag = useDragReorder(ids, (id) => byId.get(id)?.name ?? '', move)
  return (
    <>
      <ul className="service-list staff-list" {...{ [SORTABLE_LIST]: '' }}>
        {drag.order.map((id) => {
          const employee = byId.get(id)!
          const index = ids.indexOf(id)
          return (
            <li
              key={id}
              data-sortable-id={id}
              className={[
                'staff-row',
                onSort ? 'staff-row--sortable' : '',
                drag.draggingId === id ? 'service-row--dragging' : '',
              ]
                .filter(Boolean)
                .join(' ')}
            >
              {onSort ? (
                <button
                  type="button"
                  className="button button--small drag-handle"
                  aria-label={t`Drag ${employee.name} to another place`}
                  aria-describedby="staff-sort-hint"
                  {...drag.handleProps(id)}
                >
                  <span aria-hidden="true">⠿</span>
                </button>
              ) : null}
              <span className="staff-row__main">
                <Link
                  className="staff-row__name"
                  to="/{-$lang}/company/$companyId/staff/$staffId"
                  params={(previous) => ({ ...previous, companyId: String(companyId), staffId: String(id) })}
                >
                  {/* The small rendition: the name beside it says who it is. */}
                  {employee.avatar ? (
                    <img className="staff-row__avatar" src={employee.avatar} alt="" />
                  ) : null}
                  {employee.name}
                </Link>
                <span className="staff-row__details">
                  {[employee.position?.title, employee.specialization].filter(Boolean).join(' · ') ||
                    t`No position or speciality`}
                </span>
              </span>
              <span className={employee.has_access_timetable ? 'badge badge--accent' : 'badge'}>
                {employee.has_access_timetable ? t`Can sign in` : t`No sign-in`}
              </span>
              {onSort ? (
                <RowActions
                  className="service-row__moves"
                  title={employee.name}
                  move={{
                    canUp: index > 0,
                    canDown: index < ids.length - 1,
                    onMove: (step) => {
                      drag.focusAfter(id, step < 0 ? 'up' : 'down')
                      move(index, index + step)
                    },
                  }}
                />
              ) : null}
            </li>
          )
        })}
      </ul>
      {onSort ? (
        <>
          <span id="staff-sort-hint" className="visually-hidden">
            {t`Press Enter to pick the staff member up, the arrow keys to move them, and Enter to drop them.`}
          </span>
          <span className="visually-hidden" role="status">
            {drag.announcement}
          </span>
        </>
      ) : null}
    </>
  )
}
