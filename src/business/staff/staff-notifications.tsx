import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { ApiError } from '../../api/api-error'
import { useSaveStaffNotifications } from '../../api/staff/staff-changes'
import { useStaffNotifications } from '../../api/staff/staff-queries'
import { Checkbox } from '../../ui/checkbox'
import { useChoicesWhileSaving } from '../../ui/choices-while-saving'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { Spinner } from '../../ui/spinner'

/** The six switches, in two groups: what the member hears about, and how. */
const groups = [
  {
    legend: msg`What they are told about`,
    keys: [
      ['new_record', msg`New appointments with them`],
      ['record_changed', msg`Changed appointments`],
      ['record_canceled', msg`Cancelled appointments`],
    ],
  },
  {
    legend: msg`How they are told`,
    keys: [
      ['by_sms', msg`By SMS`],
      ['by_email', msg`By e-mail`],
      ['by_push', msg`In the mobile app`],
    ],
  },
] as const

/**
 * What a staff member is told about their appointments, and how (GET and PUT /staff/{id}/notifications): each
 * switch is saved as it is flipped. Shown only to users with the notifications flag.
 */
export function StaffNotifications({ staffId }: { staffId: number }) {
  const { t } = useLingui()
  const settings = useStaffNotifications(staffId)
  const save = useSaveStaffNotifications(staffId)
  const choices = useChoicesWhileSaving()
  const shown = settings.data
  return (
    <section className="card" aria-labelledby="staff-notifications-title">
      <h2 id="staff-notifications-title">
        <Trans>Notifications</Trans>
      </h2>
      {settings.isPending ? (
        <Spinner />
      ) : !shown ? (
        <div role="alert">
          <p>
            <Trans>The notification settings could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void settings.refetch()}>
            {t`Try again`}
          </button>
        </div>
      ) : (
        groups.map((group) => (
          <fieldset key={group.legend.id} className="staff-notifications">
            <legend>{t(group.legend)}</legend>
            {group.keys.map(([key, label]) => (
              <Checkbox
                key={key}
                label={t(label)}
                checked={choices.shown(key, shown[key])}
                disabled={choices.anySaving}
                onChange={(event) => {
                  choices.choose(key, event.target.checked)
                  save
                    .mutateAsync({ [key]: event.target.checked })
                    .catch((error: unknown) => showRequestFailureToast(error as ApiError))
                    .finally(() => choices.settle(key))
                }}
              />
            ))}
          </fieldset>
        ))
      )}
    </section>
  )
}
