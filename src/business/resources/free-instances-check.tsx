import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { ResourceInstance, ResourceWithServices } from '../../../contract/resources/schemas'
import type { Service } from '../../../contract/services/schemas'
import { freeResourceInstancesQueryOptions } from '../../api/resources/free-resource-instances'
import { Form } from '../../ui/form'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'
import { TextField } from '../../ui/text-field'
import { useCurrentCompany } from '../shell/company-workspace'
import { availabilityOf, checkedSpanSec } from './free-check'

/** What was asked: now (an exact instant) or a wall-clock time of the salon, as typed. */
type Question = { kind: 'now'; datetime: string } | { kind: 'at'; datetime: string }

/**
 * "Which instances are free?" for one resource: for one of the services that need it, now or at a chosen date and
 * time (the salon's wall clock), for the service's whole duration. Asks POST loadFreeResourceInstances.
 */
export function FreeInstancesCheck(props: {
  resource: ResourceWithServices
  instances: ResourceInstance[]
  services: Service[]
}) {
  const { t, i18n } = useLingui()
  const { resource, instances, services } = props
  const company = useCurrentCompany()
  const [serviceId, setServiceId] = useState(services[0]!.id)
  const [at, setAt] = useState('')
  const [atChecked, setAtChecked] = useState(false)
  const [question, setQuestion] = useState<Question | null>(null)
  const service = services.find((candidate) => candidate.id === serviceId) ?? services[0]!
  const answer = useQuery({
    ...freeResourceInstancesQueryOptions({
      salon_id: company.id,
      service_id: service.id,
      length: checkedSpanSec(service.duration),
      datetime: question?.datetime ?? '',
    }),
    enabled: question !== null,
  })
  const atError = atChecked && at === '' ? t`Choose a date and time.` : undefined
  const checkAt = (event: FormEvent) => {
    event.preventDefault()
    setAtChecked(true)
    if (at === '') return
    setQuestion({ kind: 'at', datetime: at })
  }
  const availability = answer.data ? availabilityOf(instances, answer.data, resource.id) : null
  // The typed time is the salon's wall clock: it is shown back as typed, without any time-zone shift.
  const atText =
    question?.kind === 'at'
      ? new Intl.DateTimeFormat(i18n.locale, {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: 'UTC',
        }).format(new Date(`${question.datetime}Z`))
      : ''
  const serviceTitle = service.title
  const timezone = company.timezone
  const headingId = `free-check-${resource.id}`

  return (
    <section className="free-check" aria-labelledby={headingId}>
      <h3 id={headingId} className="resource-card__subtitle">
        <Trans>Which instances are free?</Trans>
      </h3>
      <Form onSubmit={checkAt} errors={atError} className="free-check__form" aria-labelledby={headingId}>
        <SelectField
          label={<Trans>For the service</Trans>}
          value={serviceId}
          onChange={(event) => {
            setServiceId(Number(event.target.value))
            setQuestion(null)
          }}
        >
          {services.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.title}
            </option>
          ))}
        </SelectField>
        <TextField
          type="datetime-local"
          label={<Trans>Date and time</Trans>}
          hint={<Trans>The salon's time ({timezone})</Trans>}
          value={at}
          onChange={(event) => setAt(event.target.value)}
          error={atError}
        />
        <div className="free-check__buttons">
          <button type="submit" className="button button--primary">
            <Trans>Check this time</Trans>
          </button>
          <button
            type="button"
            className="button"
            onClick={() => setQuestion({ kind: 'now', datetime: new Date().toISOString() })}
          >
            <Trans>Check now</Trans>
          </button>
        </div>
      </Form>
      <div className="free-check__answer" aria-live="polite">
        {question === null ? null : answer.isFetching ? (
          <Spinner size="small" />
        ) : answer.isError ? (
          <p role="alert">
            <Trans>The check could not be done. Please try again.</Trans>
          </p>
        ) : availability ? (
          <>
            <p>
              {question.kind === 'now' ? (
                <Trans>Right now, for "{serviceTitle}":</Trans>
              ) : (
                <Trans>
                  On {atText}, for "{serviceTitle}":
                </Trans>
              )}
            </p>
            <ul className="free-check__list" aria-label={t`Instances of ${resource.title} at the time asked`}>
              {availability.map((instance) => (
                <AvailabilityItem key={instance.id} title={instance.title} free={instance.free} />
              ))}
            </ul>
          </>
        ) : null}
      </div>
    </section>
  )
}

function AvailabilityItem({ title, free }: { title: string; free: boolean }) {
  return (
    <li className={free ? 'free-check__free' : 'free-check__taken'}>
      {free ? <Trans>{title}: free</Trans> : <Trans>{title}: taken</Trans>}
    </li>
  )
}
