import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState, type FormEvent, type ReactNode } from 'react'
import type { CompanyWithAccess } from '../../../contract/companies/schemas'
import type { Employee } from '../../../contract/staff/schemas'
import type { ApiError } from '../../api/api-error'
import { positionsQueryOptions } from '../../api/positions/positions'
import { useChangeStaffName, usePatchStaff, useSetStaffAccesses } from '../../api/staff/staff-changes'
import { employeeQueryOptions } from '../../api/staff/staff-queries'
import { Checkbox } from '../../ui/checkbox'
import { useChoicesWhileSaving } from '../../ui/choices-while-saving'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import {
  EmployeeLifecycle,
  useEmployeeLifecycle,
  type EmployeeLifecycleRun,
} from './employee-lifecycle-panel'
import { RecordGroupForm } from './record-group-form'
import { StaffAvatar } from './staff-avatar'
import { StaffCardTabs } from './staff-card-tabs'
import { StaffNotifications } from './staff-notifications'
import { StaffSignIn } from './staff-sign-in'
import { StaffServices } from './staff-services'
import { staffCardParts } from './staff-part-rights'
import { staffIdOfParam } from '../shell/path-ids'

const cardRoute = getRouteApi('/{-$lang}/company/$companyId/staff/$staffId')

/** The longest name the server takes (contract/staff/schemas.ts). */
const NAME_MAX = 100

/** /company/{id}/staff/{staffId}: one staff member's card, loaded with the route. */
export function StaffCardScreen() {
  usePageTitle(msg`Staff member`)
  const company = useCurrentCompany()
  const staffId = staffIdOfParam(cardRoute.useParams().staffId)
  const backToList = (
    <Link
      to="/{-$lang}/company/$companyId/staff"
      params={(previous) => ({ ...previous, companyId: String(company.id) })}
    >
      <Trans>Back to the staff</Trans>
    </Link>
  )
  if (staffId === undefined) return <NoSuchStaffMember backToList={backToList} />
  return <StaffCardOf key={staffId} company={company} staffId={staffId} backToList={backToList} />
}

function NoSuchStaffMember({ backToList }: { backToList: ReactNode }) {
  return (
    <section className="card" role="alert">
      <h1>
        <Trans>There is no such staff member</Trans>
      </h1>
      <p>
        <Trans>The list shows the staff there are.</Trans>
      </p>
      {backToList}
    </section>
  )
}

/** The card of one member, once the lifecycle machine has read them; a failed read says so and offers a retry. */
function StaffCardOf(props: { company: CompanyWithAccess; staffId: number; backToList: ReactNode }) {
  const { t } = useLingui()
  const lifecycle = useEmployeeLifecycle(props.company, props.staffId)
  const [state, send] = lifecycle
  const employee = useQuery({ ...employeeQueryOptions(props.staffId), enabled: !state.matches('reading') })
  if (state.matches('unavailable')) {
    if (state.context.failure?.status === 404) return <NoSuchStaffMember backToList={props.backToList} />
    return (
      <section className="card" role="alert">
        <p>
          <Trans>The staff member could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => send({ type: 'read.retried' })}>
          {t`Try again`}
        </button>
        {props.backToList}
      </section>
    )
  }
  if (state.matches('reading') || !employee.data) return <Spinner size="large" />
  return (
    <StaffCard
      company={props.company}
      employee={employee.data}
      lifecycle={lifecycle}
      backToList={props.backToList}
    />
  )
}

function StaffCard(props: {
  company: CompanyWithAccess
  employee: Employee
  lifecycle: EmployeeLifecycleRun
  backToList: ReactNode
}) {
  const { company, employee, backToList } = props
  const { access } = company
  const parts = staffCardParts(access)
  const deleted = employee.status === 'deleted'
  const mayEditAnything =
    access.settings_master_edit_access ||
    access.settings_master_accesses_access ||
    access.settings_master_services_access ||
    access.settings_master_notifications_access ||
    access.settings_master_dismiss_access ||
    access.settings_master_delete_access
  return (
    <>
      <section className="card staff-card" aria-labelledby="staff-card-title">
        <p className="staff-card__back">{backToList}</p>
        <h1 id="staff-card-title">{employee.name}</h1>
        <StaffCardTabs company={company} staffId={employee.id} current="card" />
        <p className="section-intro">
          {[employee.position?.title, employee.specialization].filter(Boolean).join(' · ')}
        </p>
        <StaffAvatar employee={employee} mayEdit={!deleted && parts.edits} />
        {employee.user && access.users_access ? (
          <p className="staff-card__rights">
            <Link
              to="/{-$lang}/company/$companyId/team/$userId/rights"
              params={(previous) => ({
                ...previous,
                companyId: String(company.id),
                userId: String(employee.user!.id),
              })}
            >
              <Trans>Rights in the workspace</Trans>
            </Link>
          </p>
        ) : null}
        {mayEditAnything ? null : (
          <ReadOnlyNote>
            <Trans>
              You can see this staff member but not change them: your rights in this company do not include
              editing the staff.
            </Trans>
          </ReadOnlyNote>
        )}
        {/* A deleted member can only be brought back (the server refuses every other change). */}
        {!deleted && parts.edits ? (
          <>
            <NameForm employee={employee} />
            <PositionForm companyId={company.id} employee={employee} />
            <RecordGroupForm companyId={company.id} employee={employee} />
          </>
        ) : null}
        {!deleted && access.settings_master_accesses_access ? <AccessSwitch employee={employee} /> : null}
      </section>
      <StaffSignIn company={company} employee={employee} />
      <StaffServices companyId={company.id} employee={employee} canEdit={!deleted && parts.services} />
      {!deleted && parts.notifications ? <StaffNotifications staffId={employee.id} /> : null}
      <EmployeeLifecycle company={company} employee={employee} lifecycle={props.lifecycle} />
    </>
  )
}

/** Renames the staff member (PUT /staff/{id}/change_name); the name is checked before it is sent. */
function NameForm({ employee }: { employee: Employee }) {
  const { t } = useLingui()
  const [name, setName] = useState(employee.name)
  const [problem, setProblem] = useState<string | undefined>()
  const rename = useChangeStaffName(employee.id)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    const found =
      trimmed === ''
        ? t`Enter the staff member's name.`
        : trimmed.length > NAME_MAX
          ? t`The name can be at most ${NAME_MAX} characters long.`
          : undefined
    setProblem(found)
    if (found) return
    rename.mutate(trimmed, {
      onSuccess: () => showToast('success', t`The name is saved.`),
      onError: (error) => showRequestFailureToast(error as ApiError),
    })
  }
  return (
    <Form onSubmit={submit} errors={problem !== undefined} className="inline-form" aria-label={t`Name`}>
      <TextField
        label={<Trans>Name</Trans>}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={problem}
        autoComplete="off"
      />
      <SubmitButton busy={rename.isPending}>
        <Trans>Save the name</Trans>
      </SubmitButton>
    </Form>
  )
}

/** Gives the staff member another position or none (PATCH /staff/{id}); shown when the positions can be read. */
function PositionForm({ companyId, employee }: { companyId: number; employee: Employee }) {
  const { t } = useLingui()
  const company = useCurrentCompany()
  const positions = useQuery({
    ...positionsQueryOptions(companyId),
    enabled: staffCardParts(company.access).positions,
  })
  const [positionId, setPositionId] = useState(
    employee.position_id === null ? '' : String(employee.position_id),
  )
  const patch = usePatchStaff(employee.id)
  if (!positions.data) return null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    patch.mutate(
      { position_id: positionId === '' ? null : Number(positionId) },
      {
        onSuccess: () => showToast('success', t`The position is saved.`),
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  }
  return (
    <Form onSubmit={submit} errors={false} className="inline-form" aria-label={t`Position`}>
      <SelectField
        label={<Trans>Position</Trans>}
        value={positionId}
        onChange={(event) => setPositionId(event.target.value)}
      >
        <option value="">{t`No position`}</option>
        {positions.data.map((position) => (
          <option key={position.id} value={position.id}>
            {position.title}
          </option>
        ))}
      </SelectField>
      <SubmitButton busy={patch.isPending}>
        <Trans>Save the position</Trans>
      </SubmitButton>
    </Form>
  )
}

/** Whether the staff member may sign in to the workspace (PUT /staff/{id}/accesses), saved as it is switched. */
function AccessSwitch({ employee }: { employee: Employee }) {
  const { t } = useLingui()
  const accesses = useSetStaffAccesses(employee.id)
  const choices = useChoicesWhileSaving()
  return (
    <Checkbox
      label={<Trans>Can sign in to the workspace and see the appointment book</Trans>}
      checked={choices.shown('access', employee.has_access_timetable)}
      disabled={choices.anySaving}
      onChange={(event) => {
        choices.choose('access', event.target.checked)
        accesses
          .mutateAsync(event.target.checked)
          .then((saved) =>
            showToast(
              'success',
              saved.has_access_timetable ? t`Sign-in access is on.` : t`Sign-in access is off.`,
            ),
          )
          .catch((error: unknown) => showRequestFailureToast(error as ApiError))
          .finally(() => choices.settle('access'))
      }}
    />
  )
}
