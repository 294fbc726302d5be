import { useLingui } from '@lingui/react/macro'
import type { ServiceCategory } from '../../../contract/service-categories/schemas'
import type { Service } from '../../../contract/services/schemas'
import { moveItem, SORTABLE_LIST, useDragReorder } from '../shell/drag-reorder'
import { RowActions } from '../shell/row-actions'
import { ServiceRow } from './service-row'

interface ServiceGroupListProps {
  companyId: number
  category: ServiceCategory
  /** The services shown (the first ones of the category when the list is cut into pages). */
  services: Service[]
  currency: string
  canOpen: boolean
  tick?: { isTicked: (id: number) => boolean; disabled: boolean; onChange: (id: number, on: boolean) => void }
  /**
   * Given when the user may change the order and the list is not filtered: every id of the category in its
   * order (also the ones beyond the page shown), and what saves a new order.
   */
  sorting?: { categoryIds: number[]; onSort: (ids: number[]) => void }
}

/** The services of one category, in a list the user can reorder by dragging or with the move buttons. */
export function ServiceGroupList(props: ServiceGroupListProps) {
  const { t } = useLingui()
  const { companyId, category, services, currency, canOpen, tick, sorting } = props
  const byId = new Map(services.map((service) => [service.id, service]))
  const shownIds = services.map((service) => service.id)
  // Places on screen are places in the whole category, since a page shows the category's first services.
  const move = (from: number, to: number) => {
    if (!sorting || to < 0 || to >= sorting.categoryIds.length || from === to) return
    sorting.onSort(moveItem(sorting.categoryIds, from, to))
  }
  const drag = useDragReorder(shownIds, (id) => byId.get(id)?.title ?? '', move)
  const hintId = `sort-hint-${category.id}`
  return (
    <>
      <ul className="service-list" {...{ [SORTABLE_LIST]: '' }}>
        {drag.order.map((id) => {
          const service = byId.get(id)!
          const index = shownIds.indexOf(id)
          return (
            <ServiceRow
              key={id}
              companyId={companyId}
              service={service}
              currency={currency}
              canOpen={canOpen}
              dragging={drag.draggingId === id}
              tick={
                tick
                  ? {
                      checked: tick.isTicked(id),
                      disabled: tick.disabled,
                      onChange: (on) => tick.onChange(id, on),
                    }
                  : undefined
              }
              actions={
                sorting ? (
                  <span className="service-row__order">
                    <button
                      type="button"
                      className="button button--small drag-handle"
                      aria-label={t`Drag ${service.title} to another place`}
                      aria-describedby={hintId}
                      {...drag.handleProps(id)}
                    >
                      <span aria-hidden="true">⠿</span>
                    </button>
                    <RowActions
                      className="service-row__moves"
                      title={service.title}
                      move={{
                        canUp: index > 0,
                        canDown: index < sorting.categoryIds.length - 1,
                        onMove: (step) => {
                          drag.focusAfter(id, step < 0 ? 'up' : 'down')
                          move(index, index + step)
                        },
                      }}
                    />
                  </span>
                ) : undefined
              }
            />
          )
        })}
      </ul>
      {sorting ? (
        <>
          <span id={hintId} className="visually-hidden">
            {t`Press Enter to pick the service up, the arrow keys to move it, and Enter to drop it.`}
          </span>
          <span className="visually-hidden" role="status">
            {drag.announcement}
          </span>
        </>
      ) : null}
    </>
  )
}
