import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { fromPromise } from 'xstate'
import type { CompanyWithAccess } from '../../../contract/companies/schemas'
import type { Employee } from '../../../contract/staff/schemas'
import {
  employeeLifecycleMachine,
  refusalKind,
  type EmployeeImpact,
} from '../../../machines/employee-lifecycle'
import type { CallFailure } from '../../../machines/call-failure'
import { deleteStaff, fireStaff, restoreStaff } from '../../api/staff/staff-changes'
import {
  employeeQueryOptions,
  removableSalonsQueryOptions,
  staffServicesQueryOptions,
} from '../../api/staff/staff-queries'
import { inspectionOptions } from '../../app/inspection'
import { routeData } from '../../app/route-data'
import { Checkbox } from '../../ui/checkbox'
import { Form } from '../../ui/form'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { TextAreaField } from '../../ui/text-area-field'
import { todayIn } from '../book/book-time'

/**
 * The staff member's working life (machines/employee-lifecycle.ts), run by their card: the machine reads the
 * member itself (the route's loader has fetched them already), so a reload or a link shows the card in the
 * state the server keeps; dismissing, deleting and bringing back are its steps.
 */
export function useEmployeeLifecycle(company: CompanyWithAccess, staffId: number) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['staff'] })
  const [machine] = useState(() =>
    employeeLifecycleMachine.provide({
      actors: {
        readEmployee: fromPromise(
          async ({ input }) => (await routeData(queryClient, employeeQueryOptions(input.staffId))).status,
        ),
        readImpact: fromPromise(async ({ input }): Promise<EmployeeImpact> => {
          const fresh = { staleTime: 0 }
          const [member, services, salons] = await Promise.all([
            // The card shows the member as last read, and whether they have a sign-in is that member's.
            queryClient.ensureQueryData(employeeQueryOptions(input.staffId)),
            queryClient.fetchQuery({ ...staffServicesQueryOptions(input.staffId), ...fresh }),
            // The salons are the delete right's to read; without it no removal of the sign-in is offered.
            company.access.settings_master_delete_access
              ? queryClient.fetchQuery({ ...removableSalonsQueryOptions(input.staffId), ...fresh })
              : [],
          ])
          return {
            salons,
            services: services.map((link) => ({ id: link.service_id, title: link.title })),
            hasUser: member.user !== null,
          }
        }),
        dismissEmployee: fromPromise(async ({ input }) => {
          await fireStaff({
            staff_id: input.staffId,
            date_dismissal: input.dismissal.date,
            dismissal_reason: input.dismissal.reason,
            user_delete: input.dismissal.deleteUser,
          })
          await refresh()
        }),
        deleteEmployee: fromPromise(async ({ input }) => {
          await deleteStaff({ staff_id: input.staffId, user_delete: input.deleteUser })
          await refresh()
        }),
        restoreEmployee: fromPromise(async ({ input }) => {
          await restoreStaff(input.companyId, input.staffId)
          await refresh()
        }),
      },
    }),
  )
  return useMachine(machine, { ...inspectionOptions(), input: { companyId: company.id, staffId } })
}

export type EmployeeLifecycleRun = ReturnType<typeof useEmployeeLifecycle>

/** The card's part about work at the salon: where the member stands, and the removal being asked. */
export function EmployeeLifecycle(props: {
  company: CompanyWithAccess
  employee: Employee
  lifecycle: EmployeeLifecycleRun
}) {
  const { i18n } = useLingui()
  const { company, employee } = props
  const [state, send] = props.lifecycle
  const { access } = company
  const { failure, impact } = state.context
  const name = employee.name
  const title = (
    <h2 id="lifecycle-title">
      <Trans>Work at the salon</Trans>
    </h2>
  )
  const wrap = (children: ReactNode) => (
    <section className="card" aria-labelledby="lifecycle-title">
      {title}
      {children}
    </section>
  )

  if (state.matches({ dismissal: 'readingImpact' }) || state.matches({ deletion: 'readingImpact' }))
    return wrap(
      <>
        <p role="status">
          <Trans>Checking what this touches…</Trans>
        </p>
        <Spinner />
      </>,
    )
  if (state.matches('dismissal'))
    return wrap(
      <DismissalForm
        name={name}
        timeZone={company.timezone}
        impact={impact!}
        failure={failure}
        busy={state.matches({ dismissal: 'submitting' })}
        onConfirm={(dismissal) => send({ type: 'dismiss.confirmed', dismissal })}
        onCancel={() => send({ type: 'dismiss.cancelled' })}
      />,
    )
  if (state.matches('deletion'))
    return wrap(
      <DeletionForm
        name={name}
        impact={impact!}
        failure={failure}
        busy={state.matches({ deletion: 'submitting' })}
        onConfirm={(deleteUser) => send({ type: 'delete.confirmed', deleteUser })}
        onCancel={() => send({ type: 'delete.cancelled' })}
      />,
    )

  const restoring = state.matches('restoring')
  const status = state.context.status
  const failureNote =
    failure !== null ? (
      <p className="form-error" role="alert">
        {state.context.failedCall === 'readImpact' ? (
          <Trans>What the change would touch could not be read. Please try again.</Trans>
        ) : (
          <Trans>The staff member could not be brought back. Please try again.</Trans>
        )}
      </p>
    ) : null
  const restoreButton = access.settings_master_dismiss_access ? (
    <button
      type="button"
      className="button button--primary button--inline"
      disabled={restoring}
      onClick={() => send({ type: 'restore.requested' })}
    >
      <Trans>Bring back to work</Trans>
    </button>
  ) : null
  const deleteButton = access.settings_master_delete_access ? (
    <button
      type="button"
      className="button button--inline"
      onClick={() => send({ type: 'delete.requested' })}
    >
      <Trans>Delete</Trans>
    </button>
  ) : null

  if (state.matches('active'))
    return wrap(
      <>
        <p>
          <Trans>{name} is working at the salon.</Trans>
        </p>
        {failureNote}
        <div className="section-header__actions">
          {access.settings_master_dismiss_access ? (
            <button
              type="button"
              className="button button--inline"
              onClick={() => send({ type: 'dismiss.requested' })}
            >
              <Trans context="staff">Dismiss</Trans>
            </button>
          ) : null}
          {deleteButton}
        </div>
      </>,
    )
  // Dismissed or deleted, or on the way back from either.
  const dismissedOn =
    employee.date_dismissal !== null
      ? i18n.date(new Date(`${employee.date_dismissal}T00:00:00`), { dateStyle: 'long' })
      : null
  const reason = employee.dismissal_reason
  return wrap(
    <>
      {status === 'fired' ? (
        <>
          <p>
            {dismissedOn !== null ? (
              <Trans>
                {name} was dismissed on {dismissedOn}.
              </Trans>
            ) : (
              <Trans>{name} is dismissed.</Trans>
            )}
          </p>
          {reason !== '' ? (
            <p>
              <Trans>Reason: {reason}</Trans>
            </p>
          ) : null}
        </>
      ) : (
        <p>
          <Trans>{name} is deleted. Past appointments still show their name.</Trans>
        </p>
      )}
      {failureNote}
      <div className="section-header__actions">
        {restoreButton}
        {status === 'fired' ? deleteButton : null}
      </div>
    </>,
  )
}

/** What a removal touches, in words: the services clients can no longer book, the salons the sign-in leaves. */
function ImpactList({ name, impact }: { name: string; impact: EmployeeImpact }) {
  const services = impact.services.map((service) => service.title).join(', ')
  const salons = impact.salons.map((salon) => salon.title).join(', ')
  return (
    <ul className="impact-list">
      <li>
        {impact.services.length > 0 ? (
          <Trans>
            Clients can no longer book {name} for: {services}.
          </Trans>
        ) : (
          <Trans>{name} performs no services, so no booking is affected.</Trans>
        )}
      </li>
      {impact.hasUser ? (
        <li>
          {impact.salons.length > 0 ? (
            <Trans>Their sign-in can also be removed from: {salons}.</Trans>
          ) : (
            <Trans>{name} has a sign-in of their own.</Trans>
          )}
        </li>
      ) : null}
    </ul>
  )
}

/** A refused removal in words: the salon's owner keeps their sign-in, anything else is a plain failure. */
function RefusalNote({ failure, verb }: { failure: CallFailure | null; verb: 'dismiss' | 'delete' }) {
  const kind = refusalKind(failure)
  if (kind === null) return null
  return (
    <p className="form-error" role="alert">
      {kind === 'owner' ? (
        <Trans>
          This is the salon owner's own sign-in, and the owner cannot be removed from the salon. Untick “Also
          remove their sign-in from this salon” and confirm again.
        </Trans>
      ) : verb === 'dismiss' ? (
        <Trans>The staff member could not be dismissed. Please try again.</Trans>
      ) : (
        <Trans>The staff member could not be deleted. Please try again.</Trans>
      )}
    </p>
  )
}

/**
 * The end of a dismissal or deletion question: whether the sign-in goes too (when the member has one), the
 * server's refusal in words, and the button that does it beside Cancel.
 */
function RemovalChoices(props: {
  verb: 'dismiss' | 'delete'
  hasUser: boolean
  deleteUser: boolean
  onDeleteUser: (deleteUser: boolean) => void
  failure: CallFailure | null
  busy: boolean
  onCancel: () => void
}) {
  return (
    <>
      {props.hasUser ? (
        <Checkbox
          label={<Trans>Also remove their sign-in from this salon</Trans>}
          checked={props.deleteUser}
          onChange={(event) => props.onDeleteUser(event.target.checked)}
        />
      ) : null}
      <RefusalNote failure={props.failure} verb={props.verb} />
      <div className="section-header__actions">
        <SubmitButton busy={props.busy}>
          {props.verb === 'dismiss' ? <Trans context="staff">Dismiss</Trans> : <Trans>Delete</Trans>}
        </SubmitButton>
        <button
          type="button"
          className="button button--inline"
          disabled={props.busy}
          onClick={props.onCancel}
        >
          <Trans>Cancel</Trans>
        </button>
      </div>
    </>
  )
}

function DismissalForm(props: {
  name: string
  /** The salon's time zone: the dismissal date offered first is the salon's today, as its book shows it. */
  timeZone: string
  impact: EmployeeImpact
  failure: CallFailure | null
  busy: boolean
  onConfirm: (dismissal: { date: string; reason: string; deleteUser: boolean }) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const { name, impact } = props
  const [date, setDate] = useState(() => todayIn(props.timeZone))
  const [reason, setReason] = useState('')
  const [deleteUser, setDeleteUser] = useState(false)
  const [problems, setProblems] = useState<{ date?: string; reason?: string }>({})
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = {
      ...(/^\d{4}-\d{2}-\d{2}$/.test(date) ? {} : { date: t`Enter the last working day.` }),
      ...(reason.trim().length > 500 ? { reason: t`The reason can be at most 500 characters long.` } : {}),
    }
    setProblems(found)
    if (Object.keys(found).length === 0) props.onConfirm({ date, reason: reason.trim(), deleteUser })
  }
  return (
    <Form onSubmit={submit} errors={problems} aria-label={t`Dismiss ${name}`}>
      <h3>
        <Trans>Dismiss {name}?</Trans>
      </h3>
      <ImpactList name={name} impact={impact} />
      <TextField
        type="date"
        label={<Trans>Last working day</Trans>}
        value={date}
        onChange={(event) => setDate(event.target.value)}
        error={problems.date}
      />
      <TextAreaField
        label={<Trans>Reason (optional)</Trans>}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={problems.reason}
      />
      <RemovalChoices
        verb="dismiss"
        hasUser={impact.hasUser}
        deleteUser={deleteUser}
        onDeleteUser={setDeleteUser}
        failure={props.failure}
        busy={props.busy}
        onCancel={props.onCancel}
      />
    </Form>
  )
}

function DeletionForm(props: {
  name: string
  impact: EmployeeImpact
  failure: CallFailure | null
  busy: boolean
  onConfirm: (deleteUser: boolean) => void
  onCancel: () => void
}) {
  const { t } = useLingui()
  const { name, impact } = props
  const [deleteUser, setDeleteUser] = useState(false)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    props.onConfirm(deleteUser)
  }
  return (
    <Form onSubmit={submit} errors={false} aria-label={t`Delete ${name}`}>
      <h3>
        <Trans>Delete {name}?</Trans>
      </h3>
      <p>
        <Trans>
          They leave both lists and online booking; past appointments keep their name, and they can be brought
          back.
        </Trans>
      </p>
      <ImpactList name={name} impact={impact} />
      <RemovalChoices
        verb="delete"
        hasUser={impact.hasUser}
        deleteUser={deleteUser}
        onDeleteUser={setDeleteUser}
        failure={props.failure}
        busy={props.busy}
        onCancel={props.onCancel}
      />
    </Form>
  )
}
