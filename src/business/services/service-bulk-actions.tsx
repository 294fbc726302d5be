import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { fromPromise, type SnapshotFrom } from 'xstate'
import type { ServiceCategory } from '../../../contract/service-categories/schemas'
import type { Service } from '../../../contract/services/schemas'
import {
  serviceBulkActionsMachine,
  type BulkAction,
  type BulkActionsEvent,
  type BulkOutcome,
} from '../../../machines/service-bulk-actions'
import { deleteService, updateService } from '../../api/services/services'
import { inspectionOptions } from '../../app/inspection'
import { showToast } from '../../ui/toast-store'

/** Applies one action to each service in turn; a refusal of one does not stop the others. */
async function applyToEach(companyId: number, ids: number[], action: BulkAction): Promise<BulkOutcome> {
  const changed: number[] = []
  const failed: number[] = []
  let failure: unknown = null
  for (const id of ids) {
    try {
      if (action.kind === 'delete') await deleteService(companyId, id)
      else if (action.kind === 'move') await updateService(companyId, id, { category_id: action.categoryId })
      else await updateService(companyId, id, { active: action.kind === 'activate' ? 1 : 0 })
      changed.push(id)
    } catch (error) {
      failed.push(id)
      failure ??= error
    }
  }
  return { changed, failed, failure }
}

/** The bulk-actions machine of a company's service list, with the service calls and the result toasts. */
export function useServiceBulkActions(companyId: number) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [machine] = useState(() =>
    serviceBulkActionsMachine.provide({
      actors: {
        applyBulkAction: fromPromise(async ({ input }) => {
          const outcome = await applyToEach(input.companyId, input.ids, input.action)
          await queryClient.invalidateQueries({ queryKey: ['services', input.companyId] })
          await queryClient.invalidateQueries({ queryKey: ['service_categories', input.companyId] })
          const count = outcome.changed.length
          if (count > 0) showToast('success', t`Services changed: ${count}.`)
          if (outcome.failed.length > 0)
            showToast('error', t`Some services were not changed; they are still ticked.`)
          return outcome
        }),
      },
    }),
  )
  return useMachine(machine, { ...inspectionOptions(), input: { companyId } })
}

type BulkState = SnapshotFrom<typeof serviceBulkActionsMachine>

/** The bar over the list while services are ticked: the actions, the question before one, and what failed. */
export function ServiceBulkBar(props: {
  state: BulkState
  send: (event: BulkActionsEvent) => void
  services: Service[]
  categories: ServiceCategory[]
  mayDelete: boolean
  mayEdit: boolean
}) {
  const { t } = useLingui()
  const { state, send, services, categories, mayDelete, mayEdit } = props
  const { selected, action, failed } = state.context
  const [moveTo, setMoveTo] = useState('')
  useEffect(() => setMoveTo(''), [selected.length])
  // Titles outlive the list: a service deleted elsewhere meanwhile is still named in what was not changed.
  const titles = useRef(new Map<number, string>())
  for (const service of services) titles.current.set(service.id, service.title)
  const titleOf = (id: number) => titles.current.get(id) ?? `#${id}`
  const count = selected.length
  if (count === 0 && failed.length === 0) return null

  if (state.matches('confirming') || state.matches('applying')) {
    const busy = state.matches('applying')
    const target =
      action?.kind === 'move' ? categories.find((item) => item.id === action.categoryId)?.title : ''
    return (
      <div className="confirm bulk-bar" role="alertdialog" aria-labelledby="bulk-question">
        <h2 id="bulk-question">
          {action?.kind === 'activate' ? (
            <Trans>Activate these services?</Trans>
          ) : action?.kind === 'deactivate' ? (
            <Trans>Deactivate these services?</Trans>
          ) : action?.kind === 'move' ? (
            <Trans>Move these services to "{target}"?</Trans>
          ) : (
            <Trans>Delete these services?</Trans>
          )}
        </h2>
        <ul>
          {selected.map((id) => (
            <li key={id}>{titleOf(id)}</li>
          ))}
        </ul>
        <button
          type="button"
          className={action?.kind === 'delete' ? 'button button--danger' : 'button'}
          disabled={busy}
          aria-busy={busy}
          onClick={() => send({ type: 'confirmed' })}
        >
          <Trans>Yes, do it</Trans>
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => send({ type: 'cancelled' })}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    )
  }
  const choose = (chosen: BulkAction) => send({ type: 'action.chosen', action: chosen })
  return (
    <div className="bulk-bar" role="region" aria-label={t`Actions on the ticked services`}>
      <p className="bulk-bar__count">
        <Plural value={count} one="# service ticked" other="# services ticked" />
      </p>
      {failed.length > 0 ? (
        <p className="form-error" role="alert">
          <Trans>Not changed: {failed.map(titleOf).join(', ')}.</Trans>
        </p>
      ) : null}
      {count > 0 ? (
        <div className="bulk-bar__actions">
          {mayEdit ? (
            <>
              <button
                type="button"
                className="button button--small"
                onClick={() => choose({ kind: 'activate' })}
              >
                <Trans>Activate</Trans>
              </button>
              <button
                type="button"
                className="button button--small"
                onClick={() => choose({ kind: 'deactivate' })}
              >
                <Trans>Deactivate</Trans>
              </button>
              <span className="bulk-bar__move">
                <label htmlFor="bulk-move">
                  <Trans>Move to</Trans>
                </label>
                <select id="bulk-move" value={moveTo} onChange={(event) => setMoveTo(event.target.value)}>
                  <option value="">{t`Choose a category`}</option>
                  {categories.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.title}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="button button--small"
                  disabled={moveTo === ''}
                  onClick={() => choose({ kind: 'move', categoryId: Number(moveTo) })}
                >
                  <Trans>Move</Trans>
                </button>
              </span>
            </>
          ) : null}
          {mayDelete ? (
            <button
              type="button"
              className="button button--small button--danger"
              onClick={() => choose({ kind: 'delete' })}
            >
              <Trans>Delete</Trans>
            </button>
          ) : null}
          <button
            type="button"
            className="button button--small"
            onClick={() => send({ type: 'selection.changed', ids: [] })}
          >
            <Trans>Untick all</Trans>
          </button>
        </div>
      ) : null}
    </div>
  )
}
