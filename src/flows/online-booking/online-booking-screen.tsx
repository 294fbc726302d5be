import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { fromPromise } from 'xstate'
import type { OnlineCatalogue } from '../../../contract/online-booking/schemas'
import { ANYONE, onlineBookingMachine } from '../../../machines/online-booking'
import {
  confirmOnlineBooking,
  onlineCatalogueQueryOptions,
  requestOnlineBooking,
  resendOnlineBookingCode,
} from '../../api/online-booking/online-booking'
import { inspectionOptions } from '../../app/inspection'
import { languageOf, pseudoLanguage } from '../../../contract/ui-languages'
import { FormAlert } from '../../ui/form-alert'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { BookedStep } from './booked-step'
import { postToBookingParent } from './booking-parent'
import { dayLabel } from './booking-dates'
import { CodeStep } from './code-step'
import { ServicesStep } from './services-step'
import { StaffStep } from './staff-step'
import { TimeStep } from './time-step'
import './online-booking.css'

// The contact step reads phones with libphonenumber-js: its chunk is fetched when the client comes to choose a
// time, not with the page, which a phone has to download and run before it can show the services.
const loadContactStep = () => import('./contact-step')
const ContactStep = lazy(() => loadContactStep().then((module) => ({ default: module.ContactStep })))

/** /{lang}/b2c/{companyId}: a salon's public booking page. */
export function OnlineBookingScreen() {
  const { companyId: companyParam, lang } = useParams({ strict: false }) as {
    companyId: string
    lang?: string
  }
  const companyId = Number(companyParam)
  const catalogue = useQuery(onlineCatalogueQueryOptions(companyId))
  usePageTitle(msg`Online booking`)
  if (catalogue.isPending) return <Spinner size="large" />
  if (catalogue.isError) {
    return (
      <div className="b2c">
        <h1>
          <Trans>Online booking</Trans>
        </h1>
        <FormAlert>
          <Trans>This booking page is not available. Please check the link or call the salon.</Trans>
        </FormAlert>
      </div>
    )
  }
  return <BookingFlow catalogue={catalogue.data} lang={lang} />
}

function BookingFlow({ catalogue, lang }: { catalogue: OnlineCatalogue; lang: string | undefined }) {
  const { t, i18n } = useLingui()
  const { company } = catalogue
  const pageLanguage = languageOf(lang)
  // The pseudo-locale is a tool for the app's own words: messages to the client go in English then.
  const language = pageLanguage === pseudoLanguage ? 'en' : pageLanguage
  const [machine] = useState(() =>
    onlineBookingMachine.provide({
      actors: {
        requestBooking: fromPromise(({ input }) =>
          requestOnlineBooking(input.companyId, { ...input.body, language }),
        ),
        confirmBooking: fromPromise(({ input }) =>
          confirmOnlineBooking(input.companyId, input.requestId, input.code),
        ),
        resendCode: fromPromise(({ input }) => resendOnlineBookingCode(input.companyId, input.requestId)),
      },
    }),
  )
  const [state, send] = useMachine(machine, { ...inspectionOptions(), input: { companyId: company.id } })
  const { context } = state
  const back = () => send({ type: 'step.back' })
  // The salon's site that shows the page in a frame learns that it is up, and of each booking made in it.
  useEffect(() => {
    postToBookingParent(window, catalogue.frame_origins, {
      source: 'salon-booking',
      version: 1,
      type: 'ready',
      payload: { company_id: company.id },
    })
  }, [catalogue.frame_origins, company.id])
  const choosingTime = state.matches('time')
  useEffect(() => {
    if (choosingTime) void loadContactStep()
  }, [choosingTime])
  const bookedAt = context.booked?.booking.start_at
  useEffect(() => {
    if (bookedAt === undefined) return
    postToBookingParent(window, catalogue.frame_origins, {
      source: 'salon-booking',
      version: 1,
      type: 'booked',
      payload: { company_id: company.id, start_at: bookedAt },
    })
  }, [bookedAt, catalogue.frame_origins, company.id])
  const chosenServices = catalogue.services.filter((service) => context.serviceIds.includes(service.id))
  const staffName =
    context.staff === ANYONE || context.staff === null
      ? t`anyone free`
      : (catalogue.staff.find((member) => member.id === context.staff)?.name ?? '')
  const summary = context.slot
    ? `${chosenServices.map((service) => service.title).join(', ')} · ${staffName} · ${dayLabel(
        context.slot.date,
        i18n.locale,
      )}, ${context.slot.time}`
    : ''
  const stepTitle = state.matches('services')
    ? t`Choose services`
    : state.matches('staff')
      ? t`Choose a staff member`
      : state.matches('time')
        ? t`Choose a time`
        : state.matches('contact')
          ? t`Your contacts`
          : state.matches('code')
            ? t`Confirm the booking`
            : t({ message: 'Booked', context: 'the last step of online booking' })
  return (
    <div className="b2c">
      <header className="b2c-header">
        <h1>{company.title}</h1>
        {company.address ? <p className="b2c-header__address">{company.address}</p> : null}
      </header>
      <section className="card" aria-labelledby="b2c-step-title">
        <h2 id="b2c-step-title">{stepTitle}</h2>
        {state.matches('services') ? (
          <ServicesStep
            services={catalogue.services}
            currency={catalogue.company.currency}
            chosen={context.serviceIds}
            onChosen={(serviceIds) => send({ type: 'services.chosen', serviceIds })}
          />
        ) : state.matches('staff') ? (
          <StaffStep
            staff={catalogue.staff}
            serviceIds={context.serviceIds}
            chosen={context.staff}
            onChosen={(staff) => send({ type: 'staff.chosen', staff })}
            onBack={back}
          />
        ) : state.matches('time') ? (
          <TimeStep
            companyId={company.id}
            timeZone={company.timezone}
            serviceIds={context.serviceIds}
            staff={context.staff ?? ANYONE}
            chosen={context.slot}
            slotLost={context.slotLost}
            onChosen={(slot) => send({ type: 'time.chosen', slot })}
            onBack={back}
          />
        ) : state.matches('contact') ? (
          <Suspense fallback={<Spinner />}>
            <ContactStep
              summary={summary}
              initial={context.contact}
              busy={state.matches({ contact: 'requesting' })}
              failure={context.failure}
              onSubmitted={(contact) => send({ type: 'contact.submitted', ...contact })}
              onBack={back}
            />
          </Suspense>
        ) : state.matches('code') && context.request ? (
          <CodeStep
            request={context.request}
            busy={state.matches({ code: 'verifying' })}
            resending={state.matches({ code: 'resending' })}
            failure={context.failure}
            onSubmitted={(code) => send({ type: 'code.submitted', code })}
            onResend={() => send({ type: 'code.resend' })}
            onBack={back}
          />
        ) : context.booked ? (
          <BookedStep booked={context.booked} lang={lang} />
        ) : null}
      </section>
    </div>
  )
}
