import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useEffect, useState, type ReactNode } from 'react'
import { fromPromise } from 'xstate'
import { setupChecklistMachine, tickedItems, type SetupItem } from '../../../machines/setup-checklist'
import { serviceCategoriesQueryOptions } from '../../api/service-categories/service-categories'
import { servicesQueryOptions } from '../../api/services/services'
import { staffListQueryOptions } from '../../api/staff/staff-queries'
import { companyWorkingHoursQueryOptions } from '../../api/working-hours/working-hours'
import { inspectionOptions } from '../../app/inspection'
import { Spinner } from '../../ui/spinner'
import { QuickAddStaff } from './quick-add-staff'

/**
 * The new company's first steps (machines/setup-checklist.ts). Each item ticks itself when its data exists;
 * coming back to the tab reads the data again, so work done elsewhere counts. Gone once everything is done.
 */
export function SetupChecklist({ companyId }: { companyId: number }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [machine] = useState(() =>
    setupChecklistMachine.provide({
      actors: {
        readProgress: fromPromise(async ({ input }) => {
          // Always asked anew: the point is to see what changed since the list was last read.
          const fresh = { staleTime: 0 }
          const [categories, services, staff, hours] = await Promise.all([
            queryClient.fetchQuery({ ...serviceCategoriesQueryOptions(input.companyId), ...fresh }),
            queryClient.fetchQuery({ ...servicesQueryOptions(input.companyId), ...fresh }),
            queryClient.fetchQuery({ ...staffListQueryOptions(input.companyId), ...fresh }),
            queryClient.fetchQuery({ ...companyWorkingHoursQueryOptions(input.companyId), ...fresh }),
          ])
          return {
            categories: categories.length,
            services: services.length,
            staff: staff.length,
            hoursSet: hours.is_set,
          }
        }),
      },
    }),
  )
  const [state, send] = useMachine(machine, { ...inspectionOptions(), input: { companyId } })
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') send({ type: 'data.changed' })
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => document.removeEventListener('visibilitychange', onVisible)
  }, [send])

  if (state.matches('done')) return null
  if (state.matches('unavailable')) {
    return (
      <section className="card" role="alert">
        <p>
          <Trans>The setup checklist could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => send({ type: 'retry' })}>
          {t`Try again`}
        </button>
      </section>
    )
  }
  const progress = state.context.progress
  if (!progress) return <Spinner size="large" />
  const ticked = tickedItems(progress)
  const items: Record<SetupItem, ReactNode> = {
    category: (
      <Link
        to="/{-$lang}/company/$companyId/categories"
        params={(previous) => ({ ...previous, companyId: String(companyId) })}
      >
        <Trans>Create the first service category</Trans>
      </Link>
    ),
    services: (
      <Link
        to="/{-$lang}/company/$companyId/services/$serviceKey"
        params={(previous) => ({ ...previous, companyId: String(companyId), serviceKey: 'new' })}
      >
        <Trans>Add the services you offer</Trans>
      </Link>
    ),
    staff: (
      <>
        <Trans>Add the first staff member</Trans>
        {ticked.staff ? null : (
          <QuickAddStaff companyId={companyId} onAdded={() => send({ type: 'data.changed' })} />
        )}
      </>
    ),
    hours: (
      <Link
        to="/{-$lang}/company/$companyId/working-hours"
        params={(previous) => ({ ...previous, companyId: String(companyId) })}
      >
        <Trans>Set the salon's opening hours</Trans>
      </Link>
    ),
  }
  const done = Object.values(ticked).filter(Boolean).length
  return (
    <section className="card checklist" aria-labelledby="checklist-title">
      <h2 id="checklist-title">
        <Trans>Get your salon ready</Trans>
      </h2>
      <p className="checklist__progress">
        <Trans>
          {done} of {Object.keys(ticked).length} done
        </Trans>
      </p>
      <ul className="checklist__items">
        {(Object.keys(items) as SetupItem[]).map((item) => (
          <li
            key={item}
            className={ticked[item] ? 'checklist__item checklist__item--done' : 'checklist__item'}
          >
            <span className="checklist__mark" aria-hidden="true">
              {ticked[item] ? '✓' : ''}
            </span>
            {items[item]}
            <span className="visually-hidden">{ticked[item] ? t`(done)` : t`(to do)`}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
