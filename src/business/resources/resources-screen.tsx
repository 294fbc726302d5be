import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { ResourceInstance, ResourceWithServices } from '../../../contract/resources/schemas'
import type { Service } from '../../../contract/services/schemas'
import type { ApiError } from '../../api/api-error'
import {
  useCreateResourceInstance,
  useDeleteResourceInstance,
  useRenameResourceInstance,
  useResourceInstances,
} from '../../api/resources/resource-instances'
import {
  useCreateResource,
  useDeleteResource,
  useResources,
  useUpdateResource,
} from '../../api/resources/resources'
import { useServices } from '../../api/services/services'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { RenameForm } from '../shell/rename-form'
import { useTitleField } from '../shell/title-field'
import { RowActions } from '../shell/row-actions'
import { useCurrentCompany } from '../shell/company-workspace'
import { DeleteQuestion } from '../shell/delete-question'
import { ReadOnlyNote } from '../shell/read-only-note'
import { FreeInstancesCheck } from './free-instances-check'

/**
 * The company's resources (rooms, chairs, devices), each with its instances and the services that need it:
 * create, change and delete both, and ask which instances are free at a time; or just look.
 */
export function ResourcesScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Resources`)
  const company = useCurrentCompany()
  const resources = useResources(company.id)
  const instances = useResourceInstances(company.id)
  const services = useServices(company.id)
  const canEdit = company.access.settings_resources_edit_access
  const failed = resources.isError || instances.isError

  return (
    <section className="card" aria-labelledby="resources-title">
      <h1 id="resources-title">
        <Trans>Resources</Trans>
      </h1>
      <p className="section-intro">
        <Trans>
          A resource is what a service needs while it runs, such as a room, a chair or a device. Each physical
          one is an instance: a service can be booked only while an instance of every resource it needs is
          free.
        </Trans>
      </p>
      {canEdit ? (
        <NewResource
          companyId={company.id}
          services={services.data ?? []}
          // With nothing to look at yet, the form is open from the start.
          startOpen={resources.data?.length === 0}
        />
      ) : (
        <ReadOnlyNote>
          <Trans>
            You can see the resources but not change them: your rights in this company do not include editing
            resources.
          </Trans>
        </ReadOnlyNote>
      )}
      {resources.isPending || instances.isPending ? (
        <Spinner size="large" />
      ) : failed ? (
        <div role="alert">
          <p>
            <Trans>The resources could not be loaded.</Trans>
          </p>
          <button
            type="button"
            className="button"
            onClick={() => {
              void resources.refetch()
              void instances.refetch()
            }}
          >
            {t`Try again`}
          </button>
        </div>
      ) : resources.data.length === 0 ? (
        <p className="empty-state">
          <Trans>
            There are no resources yet. Add one, for example "Manicure table" with "Table 1" and "Table 2",
            and tick the services that need it.
          </Trans>
        </p>
      ) : (
        <ul className="resource-list">
          {resources.data.map((resource) => (
            <ResourceCard
              key={resource.id}
              companyId={company.id}
              resource={resource}
              instances={instances.data.filter((instance) => instance.resource_id === resource.id)}
              services={services.data ?? []}
              canEdit={canEdit}
              canCheck={company.access.record_form_access}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

/** The button that opens the form of a new resource, and the form. */
function NewResource(props: { companyId: number; services: Service[]; startOpen: boolean }) {
  // 'shown' when open from the start (the focus stays where the page put it), 'opened' after a click.
  const [state, setState] = useState<'closed' | 'shown' | 'opened'>(props.startOpen ? 'shown' : 'closed')
  if (state === 'closed') {
    return (
      <button type="button" className="button button--inline" onClick={() => setState('opened')}>
        <Trans>Add a resource</Trans>
      </button>
    )
  }
  return (
    <ResourceForm
      companyId={props.companyId}
      services={props.services}
      focusTitle={state === 'opened'}
      onDone={() => setState('closed')}
    />
  )
}

/** Creates a resource (no `resource`) or changes one: its title and the services that need it. */
function ResourceForm(props: {
  companyId: number
  services: Service[]
  resource?: ResourceWithServices
  /** Whether the title takes the focus (when the user opened the form). */
  focusTitle?: boolean
  onDone?: () => void
}) {
  const { t } = useLingui()
  const { companyId, services, resource, focusTitle = true, onDone } = props
  const field = useTitleField(resource?.title ?? '', t`Enter the resource's title.`)
  const [serviceIds, setServiceIds] = useState<number[]>(resource?.service_ids ?? [])
  const create = useCreateResource(companyId)
  const update = useUpdateResource(companyId)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    if (!field.valid) return
    const body = { title: field.trimmed, service_ids: serviceIds }
    const failed = (error: unknown) => showRequestFailureToast(error as ApiError)
    if (resource) {
      update.mutate({ id: resource.id, body }, { onSuccess: () => onDone?.(), onError: failed })
    } else {
      create.mutate(body, {
        onSuccess: (created) => {
          showToast('success', t`Resource "${created.title}" created.`)
          onDone?.()
        },
        onError: failed,
      })
    }
  }
  return (
    <Form
      onSubmit={submit}
      errors={field.error}
      className="resource-form"
      aria-label={resource ? t`Change ${resource.title}` : t`New resource`}
    >
      <TextField
        label={resource ? <Trans>Title</Trans> : <Trans>New resource</Trans>}
        value={field.title}
        onChange={(event) => field.setTitle(event.target.value)}
        error={field.error}
        autoComplete="off"
        autoFocus={focusTitle}
      />
      {services.length > 0 ? (
        <div className="resource-form__services">
          <CheckboxGroup
            name={resource ? `services-of-${resource.id}` : 'services-of-new'}
            legend={<Trans>Services that need it</Trans>}
            options={services.map((service) => ({ id: service.id, title: service.title }))}
            chosen={serviceIds}
            onToggle={(id, on) =>
              setServiceIds((previous) =>
                on ? [...previous, id] : previous.filter((serviceId) => serviceId !== id),
              )
            }
          />
        </div>
      ) : null}
      <div className="resource-form__buttons">
        <SubmitButton busy={create.isPending || update.isPending}>
          {resource ? <Trans>Save</Trans> : <Trans>Create</Trans>}
        </SubmitButton>
        {onDone ? (
          <button type="button" className="button" onClick={onDone}>
            <Trans>Cancel</Trans>
          </button>
        ) : null}
      </div>
    </Form>
  )
}

type CardMode = 'viewing' | 'editing' | 'confirmingDelete'

function ResourceCard(props: {
  companyId: number
  resource: ResourceWithServices
  instances: ResourceInstance[]
  services: Service[]
  canEdit: boolean
  canCheck: boolean
}) {
  const { t } = useLingui()
  const { companyId, resource, instances, services, canEdit, canCheck } = props
  const [mode, setMode] = useState<CardMode>('viewing')
  const remove = useDeleteResource(companyId)
  const needing = services.filter((service) => resource.service_ids.includes(service.id))
  const bookings = instances.reduce((sum, instance) => sum + instance.bookings_count, 0)
  const titleId = `resource-${resource.id}-title`
  const title = resource.title

  return (
    <li className="resource-card" aria-labelledby={titleId}>
      <div className="resource-card__head">
        <h2 id={titleId}>{resource.title}</h2>
        {canEdit && mode === 'viewing' ? (
          <RowActions
            title={resource.title}
            edit={{ word: 'change', onClick: () => setMode('editing') }}
            onDelete={() => setMode('confirmingDelete')}
          />
        ) : null}
      </div>
      {mode === 'editing' ? (
        <ResourceForm
          companyId={companyId}
          services={services}
          resource={resource}
          onDone={() => setMode('viewing')}
        />
      ) : (
        <p className="resource-card__services">
          {needing.length > 0 ? (
            <Trans>Needed by: {needing.map((service) => service.title).join(', ')}</Trans>
          ) : (
            <Trans>No service needs it yet.</Trans>
          )}
        </p>
      )}
      {mode === 'confirmingDelete' ? (
        <DeleteQuestion
          label={t`Delete ${resource.title}`}
          busy={remove.isPending}
          onCancel={() => setMode('viewing')}
          // Bookings keep a resource: the question says so and offers only Close.
          onConfirm={
            bookings > 0
              ? undefined
              : () =>
                  remove.mutate(resource.id, {
                    onSuccess: () => showToast('success', t`Resource "${resource.title}" deleted.`),
                    onError: (error) => {
                      showRequestFailureToast(error as ApiError)
                      setMode('viewing')
                    },
                  })
          }
        >
          {bookings > 0 ? (
            <p>
              <Plural
                value={bookings}
                one={`"${title}" cannot be deleted: its instances have # booking. Records keep the history of who used what.`}
                few={`"${title}" cannot be deleted: its instances have # bookings. Records keep the history of who used what.`}
                many={`"${title}" cannot be deleted: its instances have # bookings. Records keep the history of who used what.`}
                other={`"${title}" cannot be deleted: its instances have # bookings. Records keep the history of who used what.`}
              />
            </p>
          ) : instances.length === 0 ? (
            <p>
              <Trans>Delete the resource "{title}"? The services that need it will no longer need it.</Trans>
            </p>
          ) : (
            <p>
              <Plural
                value={instances.length}
                one={`Delete "${title}" with its # instance? The services that need it will no longer need it.`}
                few={`Delete "${title}" with its # instances? The services that need it will no longer need it.`}
                many={`Delete "${title}" with its # instances? The services that need it will no longer need it.`}
                other={`Delete "${title}" with its # instances? The services that need it will no longer need it.`}
              />
            </p>
          )}
        </DeleteQuestion>
      ) : null}
      <h3 className="resource-card__subtitle">
        <Trans>Instances</Trans>
      </h3>
      {instances.length === 0 ? (
        <p className="empty-state">
          <Trans>
            No instances yet: a service that needs this resource cannot be booked until one exists.
          </Trans>
        </p>
      ) : (
        <ul className="category-list" aria-label={t`Instances of ${resource.title}`}>
          {instances.map((instance) => (
            <InstanceRow key={instance.id} companyId={companyId} instance={instance} canEdit={canEdit} />
          ))}
        </ul>
      )}
      {canEdit ? <NewInstance companyId={companyId} resource={resource} /> : null}
      {canCheck && needing.length > 0 && instances.length > 0 ? (
        <FreeInstancesCheck resource={resource} instances={instances} services={needing} />
      ) : null}
    </li>
  )
}

function NewInstance({ companyId, resource }: { companyId: number; resource: ResourceWithServices }) {
  const { t } = useLingui()
  const field = useTitleField('', t`Enter the instance's title.`)
  const create = useCreateResourceInstance(companyId)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    if (!field.valid) return
    create.mutate(
      { resource_id: resource.id, title: field.trimmed },
      {
        onSuccess: () => {
          field.setTitle('')
          field.reset()
        },
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  }
  return (
    <Form
      onSubmit={submit}
      errors={field.error}
      className="inline-form"
      aria-label={t`New instance of ${resource.title}`}
    >
      <TextField
        label={<Trans>New instance</Trans>}
        value={field.title}
        onChange={(event) => field.setTitle(event.target.value)}
        error={field.error}
        autoComplete="off"
      />
      <SubmitButton busy={create.isPending}>
        <Trans>Add</Trans>
      </SubmitButton>
    </Form>
  )
}

function InstanceRow(props: { companyId: number; instance: ResourceInstance; canEdit: boolean }) {
  const { t } = useLingui()
  const { companyId, instance, canEdit } = props
  const [mode, setMode] = useState<CardMode>('viewing')
  const field = useTitleField(instance.title, t`Enter the instance's title.`)
  const rename = useRenameResourceInstance(companyId)
  const remove = useDeleteResourceInstance(companyId)
  const booked = instance.bookings_count
  const title = instance.title

  if (mode === 'editing') {
    return (
      <li className="category-row">
        <RenameForm
          current={instance.title}
          field={field}
          busy={rename.isPending}
          onSave={(title) =>
            rename.mutate(
              { id: instance.id, body: { title } },
              {
                onSuccess: () => setMode('viewing'),
                onError: (error) => showRequestFailureToast(error as ApiError),
              },
            )
          }
          onCancel={() => setMode('viewing')}
        />
      </li>
    )
  }
  return (
    <li className="category-row">
      <div className="category-row__main">
        <span className="category-row__title">{instance.title}</span>
        <span className="category-row__count">
          {booked > 0 ? (
            <Plural value={booked} one="# booking" few="# bookings" many="# bookings" other="# bookings" />
          ) : (
            <Trans>no bookings</Trans>
          )}
        </span>
        {canEdit && mode === 'viewing' ? (
          <RowActions
            title={instance.title}
            edit={{
              word: 'rename',
              onClick: () => {
                field.setTitle(instance.title)
                field.reset()
                setMode('editing')
              },
            }}
            onDelete={() => setMode('confirmingDelete')}
          />
        ) : null}
      </div>
      {mode === 'confirmingDelete' ? (
        <DeleteQuestion
          label={t`Delete ${instance.title}`}
          busy={remove.isPending}
          onCancel={() => setMode('viewing')}
          onConfirm={
            booked > 0
              ? undefined
              : () =>
                  remove.mutate(instance.id, {
                    onSuccess: () => showToast('success', t`Instance "${instance.title}" deleted.`),
                    onError: (error) => {
                      showRequestFailureToast(error as ApiError)
                      setMode('viewing')
                    },
                  })
          }
        >
          <p>
            {booked > 0 ? (
              <Plural
                value={booked}
                one={`"${title}" cannot be deleted: it has # booking. Records keep the history of who used what.`}
                few={`"${title}" cannot be deleted: it has # bookings. Records keep the history of who used what.`}
                many={`"${title}" cannot be deleted: it has # bookings. Records keep the history of who used what.`}
                other={`"${title}" cannot be deleted: it has # bookings. Records keep the history of who used what.`}
              />
            ) : (
              <Trans>Delete the instance "{instance.title}"?</Trans>
            )}
          </p>
        </DeleteQuestion>
      ) : null}
    </li>
  )
}
