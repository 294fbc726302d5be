import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { OnlineStaff } from '../../../contract/online-booking/schemas'
import { ANYONE, type StaffChoice } from '../../../machines/online-booking'
import { RadioGroup } from '../../ui/radio-group'

/** Step 2: a staff member who provides every service picked, or anyone of them. */
export function StaffStep({
  staff,
  serviceIds,
  chosen,
  onChosen,
  onBack,
}: {
  staff: readonly OnlineStaff[]
  serviceIds: readonly number[]
  chosen: StaffChoice | null
  onChosen: (staff: StaffChoice) => void
  onBack: () => void
}) {
  const { t } = useLingui()
  const suitable = staff.filter((member) => serviceIds.every((id) => member.service_ids.includes(id)))
  const [picked, setPicked] = useState<StaffChoice>(chosen ?? ANYONE)
  if (suitable.length === 0) {
    return (
      <>
        <p className="empty-state">
          <Trans>Nobody does all these services in one visit. Pick fewer services.</Trans>
        </p>
        <button type="button" className="button" onClick={onBack}>
          <Trans>Back</Trans>
        </button>
      </>
    )
  }
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onChosen(picked)
      }}
    >
      <RadioGroup
        name="staff"
        legend={t`Staff member`}
        defaultValue={picked}
        options={[
          { id: ANYONE, title: t`Anyone free at the time I pick` },
          ...suitable.map((member) => ({
            id: member.id,
            title: (
              <span className="b2c-option">
                <span>{member.name}</span>
                {member.specialization ? (
                  <span className="b2c-option__detail">{member.specialization}</span>
                ) : null}
              </span>
            ),
          })),
        ]}
        onChange={(id) => setPicked(id === ANYONE ? ANYONE : Number(id))}
      />
      <div className="form-actions">
        <button type="button" className="button" onClick={onBack}>
          <Trans>Back</Trans>
        </button>
        <button type="submit" className="button button--primary">
          <Trans>Next</Trans>
        </button>
      </div>
    </form>
  )
}
