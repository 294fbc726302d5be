import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { Appointment } from '../../../contract/appointments/schemas'
import type { ClientListItem } from '../../../contract/clients/schemas'
import type { Employee } from '../../../contract/staff/schemas'
import { useCreateAppointment, useFreeSlots } from '../../api/appointments/appointments'
import { clientsQueryOptions } from '../../api/clients/clients'
import { useServices } from '../../api/services/services'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { FormAlert } from '../../ui/form-alert'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { BookDialog } from './book-dialog'
import { bookFailureText } from './book-failure'
import { clockOf } from './book-time'
import { FreeTimeField } from './free-time-field'

/** Where a new appointment starts: the staff member, the date and the time of the place clicked, if any. */
export interface NewAppointmentStart {
  staffId?: number | undefined
  date: string
  minutes?: number | undefined
}

/**
 * The dialog that books an appointment: the staff member, their services, the date and a free time of that day
 * (from the free-slots call, so only what the staff member's hours and the book allow), and the client, found in
 * the client base or new with a name and phone (or none: a walk-in). A time taken meanwhile is said, and the
 * free times are read again.
 */
export function NewAppointmentDialog(props: {
  start: NewAppointmentStart | null
  staff: Employee[]
  onClose: () => void
  onBooked: (appointment: Appointment) => void
}) {
  return (
    <BookDialog open={props.start !== null} labelledBy="new-appointment-title" onClose={props.onClose}>
      {props.start ? <NewAppointmentForm {...props} start={props.start} /> : null}
    </BookDialog>
  )
}

function NewAppointmentForm(props: {
  start: NewAppointmentStart
  staff: Employee[]
  onClose: () => void
  onBooked: (appointment: Appointment) => void
}) {
  const { t, i18n } = useLingui()
  const company = useCurrentCompany()
  const { start, staff, onClose, onBooked } = props
  const [staffId, setStaffId] = useState(start.staffId ?? staff[0]?.id ?? 0)
  const [serviceIds, setServiceIds] = useState<number[]>([])
  const [date, setDate] = useState(start.date)
  const [startAt, setStartAt] = useState('')
  const [client, setClient] = useState<ClientListItem | null>(null)
  const [term, setTerm] = useState('')
  const [name, setName] = useState('')
  const [phone, setPhone] = useState('')
  const [failure, setFailure] = useState('')
  const services = useServices(company.id, { staff_id: staffId })
  const slots = useFreeSlots(company.id, { staffId, serviceIds, date })
  const create = useCreateAppointment(company.id)
  const maySearch = company.access.clients_access
  const found = useQuery({
    ...clientsQueryOptions(company.id, { page: 1, q: term.trim() }),
    enabled: maySearch && term.trim().length >= 2,
  })
  const wanted = start.minutes === undefined ? undefined : clockOf(start.minutes)
  // The time clicked in the book is chosen as soon as it shows among the free ones.
  const chosen = startAt || (slots.data?.slots.find((slot) => slot.time === wanted)?.start_at ?? '')

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setFailure('')
    if (serviceIds.length === 0) return setFailure(t`Choose at least one service.`)
    if (!chosen) return setFailure(t`Choose a free time.`)
    try {
      const appointment = await create.mutateAsync({
        staff_id: staffId,
        service_ids: serviceIds,
        start_at: chosen,
        ...(client
          ? { client_id: client.id }
          : {
              ...(name.trim() ? { client_name: name.trim() } : {}),
              ...(phone.trim() ? { client_phone: phone.trim() } : {}),
            }),
      })
      showToast('success', t`The appointment is booked.`)
      onBooked(appointment)
    } catch (error) {
      setStartAt('')
      setFailure(bookFailureText(error, i18n))
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <h2 id="new-appointment-title">
        <Trans>New appointment</Trans>
      </h2>
      <SelectField
        label={<Trans>Staff member</Trans>}
        value={staffId}
        onChange={(event) => {
          setStaffId(Number(event.target.value))
          setServiceIds([])
          setStartAt('')
        }}
      >
        {staff.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name}
          </option>
        ))}
      </SelectField>
      {services.isPending ? (
        <Spinner size="small" />
      ) : (services.data ?? []).length === 0 ? (
        <p className="field__hint">
          <Trans>This staff member provides no services yet.</Trans>
        </p>
      ) : (
        <CheckboxGroup
          name="services"
          legend={<Trans>Services</Trans>}
          options={(services.data ?? []).map((service) => ({ id: service.id, title: service.title }))}
          chosen={serviceIds}
          onToggle={(id, on) => {
            setServiceIds((current) => (on ? [...current, id] : current.filter((item) => item !== id)))
            setStartAt('')
          }}
        />
      )}
      <TextField
        type="date"
        label={<Trans>Date</Trans>}
        value={date}
        required
        onChange={(event) => {
          setDate(event.target.value)
          setStartAt('')
        }}
      />
      <FreeTimeField
        serviceChosen={serviceIds.length > 0}
        slots={slots}
        value={chosen}
        onChange={setStartAt}
      />
      <fieldset className="book-client">
        <legend>
          <Trans>Client</Trans>
        </legend>
        {client ? (
          <p className="book-client__chosen">
            <span>
              {`${client.name} ${client.surname}`.trim()}
              {client.phone ? ` · ${client.phone}` : ''}
            </span>{' '}
            <button type="button" className="button button--small" onClick={() => setClient(null)}>
              <Trans>Choose another client</Trans>
            </button>
          </p>
        ) : (
          <>
            {maySearch ? (
              <>
                <TextField
                  type="search"
                  label={<Trans>Find a client by name or phone</Trans>}
                  value={term}
                  maxLength={100}
                  onChange={(event) => setTerm(event.target.value)}
                />
                {found.data && term.trim().length >= 2 ? (
                  found.data.clients.length === 0 ? (
                    <p className="field__hint">
                      <Trans>No client matches; enter a new one below.</Trans>
                    </p>
                  ) : (
                    <ul className="book-client__found" aria-label={t`Clients found`}>
                      {found.data.clients.slice(0, 5).map((item) => (
                        <li key={item.id}>
                          <button
                            type="button"
                            className="button button--small"
                            onClick={() => setClient(item)}
                          >
                            {`${item.name} ${item.surname}`.trim()}
                            {item.phone ? ` · ${item.phone}` : ''}
                          </button>
                        </li>
                      ))}
                    </ul>
                  )
                ) : null}
              </>
            ) : (
              <p className="field__hint">
                <Trans>
                  Your rights in this company do not include the client base: enter the client's name and
                  phone.
                </Trans>
              </p>
            )}
            <div className="client-form__row">
              <TextField
                label={<Trans>New client's name</Trans>}
                value={name}
                maxLength={200}
                autoComplete="off"
                onChange={(event) => setName(event.target.value)}
              />
              <TextField
                type="tel"
                label={<Trans>New client's phone</Trans>}
                value={phone}
                maxLength={40}
                autoComplete="off"
                onChange={(event) => setPhone(event.target.value)}
              />
            </div>
          </>
        )}
      </fieldset>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <div className="client-form__actions">
        <button
          type="submit"
          className="button button--primary button--inline"
          disabled={create.isPending}
          aria-busy={create.isPending}
        >
          <Trans>Book</Trans>
        </button>
        <button type="button" className="button button--inline" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  )
}
