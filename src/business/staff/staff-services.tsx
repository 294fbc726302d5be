import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import type { Employee } from '../../../contract/staff/schemas'
import type { ApiError } from '../../api/api-error'
import { servicesQueryOptions } from '../../api/services/services'
import {
  useLinkStaffServices,
  useUnlinkStaffServices,
  useUpdateStaffService,
} from '../../api/staff/staff-changes'
import { useStaffServices } from '../../api/staff/staff-queries'
import { Form } from '../../ui/form'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { formatDuration } from '../services/service-format'

/** The shortest and longest time a staff member may spend on a service, in minutes (contract/staff/schemas.ts). */
const MINUTES_MIN = 5
const MINUTES_MAX = 24 * 60

/** The minutes typed, when they are a whole number the server takes; otherwise undefined. */
export function minutesOf(text: string): number | undefined {
  if (!/^\d{1,4}$/.test(text.trim())) return undefined
  const minutes = Number(text.trim())
  return minutes >= MINUTES_MIN && minutes <= MINUTES_MAX ? minutes : undefined
}

/**
 * The services a staff member performs, each with the time it takes them; with the right, services are added
 * and removed and the times changed. Their own price for a service is set on the service's page, beside the
 * others who perform it.
 */
export function StaffServices(props: { companyId: number; employee: Employee; canEdit: boolean }) {
  const { t, i18n } = useLingui()
  const { companyId, employee, canEdit } = props
  const links = useStaffServices(employee.id)
  const catalogue = useQuery({ ...servicesQueryOptions(companyId), enabled: canEdit })
  const unlink = useUnlinkStaffServices(employee.id)
  return (
    <section className="card" aria-labelledby="staff-services-title">
      <h2 id="staff-services-title">
        <Trans>Services they perform</Trans>
      </h2>
      {links.isPending ? (
        <Spinner />
      ) : links.isError ? (
        <div role="alert">
          <p>
            <Trans>The services could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void links.refetch()}>
            {t`Try again`}
          </button>
        </div>
      ) : (
        <>
          {links.data.length === 0 ? (
            <p className="empty-state">
              <Trans>{employee.name} performs no services yet.</Trans>
            </p>
          ) : (
            <ul className="service-list">
              {links.data.map((link) => (
                <li key={link.service_id} className="staff-service-row">
                  <span className="staff-service-row__title">
                    <Link
                      to="/{-$lang}/company/$companyId/services/$serviceKey"
                      params={(previous) => ({
                        ...previous,
                        companyId: String(companyId),
                        serviceKey: String(link.service_id),
                      })}
                    >
                      {link.title}
                    </Link>
                  </span>
                  {canEdit ? (
                    <>
                      <ServiceMinutesForm staffId={employee.id} link={link} />
                      <button
                        type="button"
                        className="button button--small"
                        aria-label={t`Remove ${link.title}`}
                        disabled={unlink.isPending}
                        onClick={() =>
                          unlink.mutate([link.service_id], {
                            onError: (error) => showRequestFailureToast(error as ApiError),
                          })
                        }
                      >
                        <Trans>Remove</Trans>
                      </button>
                    </>
                  ) : (
                    <span className="service-row__duration">{formatDuration(i18n, link.seance_length)}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
          {canEdit && catalogue.data ? (
            <AddServiceForm
              staffId={employee.id}
              choices={catalogue.data.filter(
                (service) => !links.data.some((link) => link.service_id === service.id),
              )}
            />
          ) : null}
          <p className="field__hint">
            <Trans>Their own price for a service is set on the service's page.</Trans>
          </p>
        </>
      )}
    </section>
  )
}

/** The minutes one service takes this staff member (PUT /staff/{id}/services/{serviceId}). */
function ServiceMinutesForm(props: {
  staffId: number
  link: { service_id: number; title: string; seance_length: number; technological_card_id: number | null }
}) {
  const { t } = useLingui()
  const { staffId, link } = props
  const [text, setText] = useState(String(Math.round(link.seance_length / 60)))
  const [problem, setProblem] = useState<string | undefined>()
  const update = useUpdateStaffService(staffId)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const minutes = minutesOf(text)
    setProblem(
      minutes === undefined
        ? t`Enter the time in whole minutes, from ${MINUTES_MIN} to ${MINUTES_MAX}.`
        : undefined,
    )
    if (minutes === undefined) return
    update.mutate(
      {
        serviceId: link.service_id,
        body: { seance_length: minutes * 60, technological_card_id: link.technological_card_id },
      },
      {
        onSuccess: () => showToast('success', t`The time for ${link.title} is saved.`),
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  }
  return (
    <Form
      onSubmit={submit}
      errors={problem !== undefined}
      className="inline-form staff-service-row__form"
      aria-label={t`Time for ${link.title}`}
    >
      <TextField
        label={
          <Trans>
            <span className="visually-hidden">{link.title}: </span>Minutes
          </Trans>
        }
        inputMode="numeric"
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={problem}
      />
      <SubmitButton busy={update.isPending}>
        <Trans>Save</Trans>
      </SubmitButton>
    </Form>
  )
}

/** Adds a service the staff member performs, at the service's own duration to start with. */
function AddServiceForm(props: { staffId: number; choices: { id: number; title: string }[] }) {
  const { t } = useLingui()
  const [serviceId, setServiceId] = useState('')
  const [missing, setMissing] = useState(false)
  const link = useLinkStaffServices(props.staffId)
  if (props.choices.length === 0) return null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setMissing(serviceId === '')
    if (serviceId === '') return
    link.mutate(
      { services: [{ service_id: Number(serviceId), technological_card_id: null }] },
      {
        onSuccess: () => setServiceId(''),
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  }
  return (
    <Form onSubmit={submit} errors={missing} className="inline-form" aria-label={t`Add a service`}>
      <SelectField
        label={<Trans>Service to add</Trans>}
        value={serviceId}
        onChange={(event) => setServiceId(event.target.value)}
        error={missing ? t`Choose the service to add.` : undefined}
      >
        <option value="">{t`Choose a service`}</option>
        {props.choices.map((service) => (
          <option key={service.id} value={service.id}>
            {service.title}
          </option>
        ))}
      </SelectField>
      <SubmitButton busy={link.isPending}>
        <Trans>Add the service</Trans>
      </SubmitButton>
    </Form>
  )
}
