import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { WorkingHoursException } from '../../../contract/appointments/schemas'
import type { StaffWorkingHours } from '../../../contract/working-hours/schemas'
import { todayIn } from '../book/book-time'
import type { ApiError } from '../../api/api-error'
import { useStaffList } from '../../api/staff/staff-queries'
import { useUpcomingDayExceptions } from '../../api/working-hours/day-exceptions'
import {
  useCompanyWorkingHours,
  useFollowCompanyWorkingHours,
  useSaveCompanyWorkingHours,
  useSaveStaffWorkingHours,
  useStaffWorkingHours,
} from '../../api/working-hours/working-hours'
import { usePageTitle } from '../../ui/page-title'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { Spinner } from '../../ui/spinner'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { LoadFailure } from '../shell/load-failure'
import { ReadOnlyNote } from '../shell/read-only-note'
import { DayExceptions } from './day-exceptions'
import { TimetableSettingsForm } from './timetable-settings-form'
import { WeekForm } from './week-form'
import { weekSummary } from './week-summary'

/**
 * When the salon is open and when each staff member works, as weekly templates in the salon's time zone, and
 * the appointment book's settings. Opening hours are what a staff member works until they get hours of their
 * own, so a new salon sets one week and is ready to take bookings.
 */
export function WorkingHoursScreen() {
  usePageTitle(msg`Working hours`)
  const company = useCurrentCompany()
  return (
    <>
      <CompanyHoursCard companyId={company.id} canEdit={company.access.timetable_settings_edit_access} />
      <StaffHoursCard companyId={company.id} canEdit={company.access.timetable_schedule_edit_access} />
      <TimetableSettingsForm companyId={company.id} canEdit={company.access.timetable_settings_edit_access} />
    </>
  )
}

function CompanyHoursCard({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const { t, i18n } = useLingui()
  const hours = useCompanyWorkingHours(companyId)
  const save = useSaveCompanyWorkingHours(companyId)
  // The form is filled from the answer it was opened with; after a save it is opened anew from the new answer.
  const [formKey, setFormKey] = useState(0)
  const timezone = hours.data?.timezone ?? ''
  return (
    <section className="card" aria-labelledby="opening-hours-title">
      <h1 id="opening-hours-title">
        <Trans>Opening hours</Trans>
      </h1>
      {hours.isPending ? (
        <Spinner size="large" />
      ) : hours.isError ? (
        <LoadFailure onRetry={() => void hours.refetch()}>
          <Trans>The opening hours could not be loaded.</Trans>
        </LoadFailure>
      ) : (
        <>
          <p className="section-intro">
            {hours.data.is_set ? (
              <Trans>
                When clients can book with the salon. Staff members work these hours unless they have their
                own. Times are in the salon's time zone, {timezone}.
              </Trans>
            ) : (
              <Trans>
                The opening hours are not set yet. Mark the days the salon works and its hours, then save:
                clients can book only within them. Times are in the salon's time zone, {timezone}.
              </Trans>
            )}
          </p>
          {canEdit ? (
            <WeekForm
              key={formKey}
              days={hours.data.days}
              label={t`Opening hours`}
              mustHaveWork
              busy={save.isPending}
              onSave={(days) =>
                save.mutate(
                  { days },
                  {
                    onSuccess: () => {
                      setFormKey((key) => key + 1)
                      showToast('success', t`The opening hours are saved.`)
                    },
                    onError: (error) => showRequestFailureToast(error as ApiError),
                  },
                )
              }
            />
          ) : (
            <>
              <p className="week-summary">{weekSummary(hours.data.days, i18n.locale, t`Not set yet.`)}</p>
              <ReadOnlyNote>
                <Trans>
                  You can see the opening hours but not change them: your rights in this company do not
                  include the timetable settings.
                </Trans>
              </ReadOnlyNote>
            </>
          )}
        </>
      )}
    </section>
  )
}

function StaffHoursCard({ companyId, canEdit }: { companyId: number; canEdit: boolean }) {
  const hours = useStaffWorkingHours(companyId)
  const staff = useStaffList(companyId)
  const timezone = useCompanyWorkingHours(companyId).data?.timezone
  const today = timezone ? todayIn(timezone) : ''
  return (
    <section className="card" aria-labelledby="staff-hours-title">
      <h2 id="staff-hours-title">
        <Trans>Staff working hours</Trans>
      </h2>
      {today ? (
        <StaffHoursList companyId={companyId} canEdit={canEdit} today={today} hours={hours} staff={staff} />
      ) : (
        <Spinner size="large" />
      )}
    </section>
  )
}

function StaffHoursList(props: {
  companyId: number
  canEdit: boolean
  today: string
  hours: ReturnType<typeof useStaffWorkingHours>
  staff: ReturnType<typeof useStaffList>
}) {
  const { companyId, canEdit, today, hours, staff } = props
  const exceptions = useUpcomingDayExceptions(companyId, today)
  return hours.isPending || staff.isPending || exceptions.isPending ? (
    <Spinner size="large" />
  ) : hours.isError || staff.isError || exceptions.isError ? (
    <LoadFailure
      onRetry={() => {
        void hours.refetch()
        void staff.refetch()
        void exceptions.refetch()
      }}
    >
      <Trans>The staff working hours could not be loaded.</Trans>
    </LoadFailure>
  ) : hours.data.length === 0 ? (
    <p className="empty-state">
      <Trans>There is no one on the staff yet. Add staff members, then give each one their hours here.</Trans>
    </p>
  ) : (
    <>
      {canEdit ? null : (
        <ReadOnlyNote>
          <Trans>
            You can see the staff's hours but not change them: your rights in this company do not include
            editing schedules.
          </Trans>
        </ReadOnlyNote>
      )}
      <ul className="staff-hours">
        {hours.data.map((week) => (
          <StaffHoursRow
            key={week.staff_id}
            companyId={companyId}
            week={week}
            name={staff.data.find((member) => member.id === week.staff_id)?.name ?? `#${week.staff_id}`}
            canEdit={canEdit}
            exceptions={exceptions.data.filter((day) => day.staff_id === week.staff_id)}
            today={today}
          />
        ))}
      </ul>
    </>
  )
}

function StaffHoursRow(props: {
  companyId: number
  week: StaffWorkingHours
  name: string
  canEdit: boolean
  exceptions: readonly WorkingHoursException[]
  today: string
}) {
  const { t, i18n } = useLingui()
  const { companyId, week, name, canEdit, exceptions, today } = props
  const [editing, setEditing] = useState(false)
  const save = useSaveStaffWorkingHours(companyId)
  const follow = useFollowCompanyWorkingHours(companyId)
  const failed = (error: unknown) => showRequestFailureToast(error as ApiError)
  const titleId = `staff-hours-${week.staff_id}`
  const salonHours = weekSummary(week.days, i18n.locale, t`closed`)
  const ownHours = weekSummary(week.days, i18n.locale, t`no working days`)
  return (
    <li className="staff-hours__row" aria-labelledby={titleId}>
      <div className="staff-hours__head">
        <h3 id={titleId}>{name}</h3>
        <p className="staff-hours__summary">
          {week.follows_company ? (
            <Trans>Salon hours: {salonHours}</Trans>
          ) : (
            <Trans>Own hours: {ownHours}</Trans>
          )}
        </p>
        {canEdit && !editing ? (
          <div className="staff-hours__actions">
            <button
              type="button"
              className="button button--small"
              aria-label={t`Set hours for ${name}`}
              onClick={() => setEditing(true)}
            >
              <Trans>Set hours</Trans>
            </button>
            {week.follows_company ? null : (
              <button
                type="button"
                className="button button--small"
                aria-label={t`Use the salon's hours for ${name}`}
                disabled={follow.isPending}
                onClick={() =>
                  follow.mutate(week.staff_id, {
                    onSuccess: () => showToast('success', t`${name} works the salon's hours again.`),
                    onError: failed,
                  })
                }
              >
                <Trans>Use the salon's hours</Trans>
              </button>
            )}
          </div>
        ) : null}
      </div>
      {editing ? (
        <WeekForm
          days={week.days}
          label={t`${name}'s hours`}
          mustHaveWork={false}
          busy={save.isPending}
          onCancel={() => setEditing(false)}
          onSave={(days) =>
            save.mutate(
              { staffId: week.staff_id, body: { days } },
              {
                onSuccess: () => {
                  setEditing(false)
                  showToast('success', t`${name}'s hours are saved.`)
                },
                onError: failed,
              },
            )
          }
        />
      ) : null}
      <DayExceptions
        companyId={companyId}
        staffId={week.staff_id}
        name={name}
        exceptions={exceptions}
        today={today}
        canEdit={canEdit}
      />
    </li>
  )
}
