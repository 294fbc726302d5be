import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { ServiceCategory } from '../../../contract/service-categories/schemas'
import type { ApiError } from '../../api/api-error'
import {
  useCreateServiceCategory,
  useDeleteServiceCategory,
  useServiceCategories,
  useReorderServiceCategories,
  useUpdateServiceCategory,
} from '../../api/service-categories/service-categories'
import { useServices } from '../../api/services/services'
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
import {
  translationLanguagesOf,
  useTranslationFields,
  type TranslationLanguage,
} from '../shell/title-translations'
import { TranslatedTitleHint } from '../shell/translated-title-hint'
import { TranslationFields } from '../shell/translation-fields'
import { weightsAfterMove } from './category-order'

/** The service categories of a company: create, rename and delete (an empty one only), or just look. */
export function CategoriesScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Service categories`)
  const company = useCurrentCompany()
  const categories = useServiceCategories(company.id)
  const canEdit = company.access.settings_services_categories_access
  const translationLanguages = translationLanguagesOf(company.language_id)
  const reorder = useReorderServiceCategories(company.id)
  // Moving a category renumbers the list's weights (the menu shows the highest first) and saves the changed ones.
  const move = (index: number, step: -1 | 1) =>
    reorder.mutate(weightsAfterMove(categories.data ?? [], index, step), {
      onError: (failure) => showRequestFailureToast(failure as ApiError),
    })

  if (categories.isPending) return <Spinner size="large" />
  if (categories.isError) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>Service categories</Trans>
        </h1>
        <p>
          <Trans>The categories could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void categories.refetch()}>
          {t`Try again`}
        </button>
      </section>
    )
  }
  return (
    <section className="card" aria-labelledby="categories-title">
      <h1 id="categories-title">
        <Trans>Service categories</Trans>
      </h1>
      {canEdit ? (
        <NewCategory companyId={company.id} translationLanguages={translationLanguages} />
      ) : (
        <ReadOnlyNote>
          <Trans>
            You can see the categories but not change them: your rights in this company do not include editing
            service categories.
          </Trans>
        </ReadOnlyNote>
      )}
      {categories.data.length === 0 ? (
        <p className="empty-state">
          <Trans>
            There are no categories yet. A category groups services on the menu, for example "Hair" or
            "Nails": create the first one above.
          </Trans>
        </p>
      ) : (
        <ul className="category-list">
          {categories.data.map((category, index) => (
            <CategoryRow
              key={category.id}
              companyId={company.id}
              category={category}
              canEdit={canEdit}
              move={(step) => move(index, step)}
              isFirst={index === 0}
              isLast={index === categories.data.length - 1}
              translationLanguages={translationLanguages}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

function NewCategory(props: { companyId: number; translationLanguages: TranslationLanguage[] }) {
  const { companyId, translationLanguages } = props
  const { t } = useLingui()
  const field = useTitleField('', t`Enter the category's title.`)
  const translations = useTranslationFields([], translationLanguages)
  const create = useCreateServiceCategory(companyId)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    const translationsValid = translations.check()
    if (!field.valid || !translationsValid) return
    create.mutate(
      { title: field.trimmed, translations: translations.toSave() },
      {
        onSuccess: (category) => {
          field.setTitle('')
          field.reset()
          translations.reset([])
          showToast('success', t`Category "${category.title}" created.`)
        },
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  }
  return (
    <Form
      onSubmit={submit}
      errors={[field.error, translations.problems]}
      className="inline-form"
      aria-label={t`New category`}
    >
      <TextField
        label={<Trans>New category</Trans>}
        value={field.title}
        onChange={(event) => field.setTitle(event.target.value)}
        error={field.error}
        autoComplete="off"
      />
      <TranslationFields state={translations} />
      <SubmitButton busy={create.isPending}>
        <Trans>Create</Trans>
      </SubmitButton>
    </Form>
  )
}

type RowMode = 'viewing' | 'renaming' | 'confirmingDelete'

function CategoryRow(props: {
  companyId: number
  category: ServiceCategory
  canEdit: boolean
  move: (step: -1 | 1) => void
  isFirst: boolean
  isLast: boolean
  translationLanguages: TranslationLanguage[]
}) {
  const { t } = useLingui()
  const { companyId, category, canEdit, move, isFirst, isLast, translationLanguages } = props
  const [mode, setMode] = useState<RowMode>('viewing')
  const field = useTitleField(category.title, t`Enter the category's title.`)
  const translations = useTranslationFields(category.translations, translationLanguages)
  const rename = useUpdateServiceCategory(companyId)
  const remove = useDeleteServiceCategory(companyId)
  // Read once for the whole list; the confirmation names the services that keep a category from going.
  const services = useServices(companyId)
  const held = (services.data ?? []).filter((service) => service.category_id === category.id)
  const count = category.services_count

  const saveTitle = (title: string) =>
    rename.mutate(
      { id: category.id, body: { title, translations: translations.toSave() } },
      {
        onSuccess: () => setMode('viewing'),
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  const confirmDelete = () =>
    remove.mutate(category.id, {
      onSuccess: () => showToast('success', t`Category "${category.title}" deleted.`),
      onError: (error) => {
        showRequestFailureToast(error as ApiError)
        setMode('viewing')
      },
    })

  if (mode === 'renaming') {
    return (
      <li className="category-row">
        <RenameForm
          current={category.title}
          field={field}
          busy={rename.isPending}
          onSave={saveTitle}
          onCancel={() => setMode('viewing')}
          checkMore={translations.check}
        >
          <TranslationFields state={translations} />
        </RenameForm>
      </li>
    )
  }
  return (
    <li className="category-row">
      <div className="category-row__main">
        <span className="category-row__title">
          {category.title}
          <TranslatedTitleHint item={category} className="category-row__translation" />
        </span>
        <span className="category-row__count">
          <Plural value={count} one="# service" few="# services" many="# services" other="# services" />
        </span>
        {canEdit && mode === 'viewing' ? (
          <RowActions
            title={category.title}
            move={{ canUp: !isFirst, canDown: !isLast, onMove: move }}
            edit={{
              word: 'rename',
              onClick: () => {
                field.setTitle(category.title)
                field.reset()
                translations.reset(category.translations)
                setMode('renaming')
              },
            }}
            onDelete={() => setMode('confirmingDelete')}
          />
        ) : null}
      </div>
      {mode === 'confirmingDelete' ? (
        <DeleteQuestion
          label={t`Delete ${category.title}`}
          busy={remove.isPending}
          onCancel={() => setMode('viewing')}
          // A category that still holds services cannot go: the question lists them instead.
          onConfirm={count > 0 ? undefined : confirmDelete}
        >
          {count > 0 ? (
            <>
              <p>
                <Trans>
                  "{category.title}" still holds services. Move them to another category or delete them first:
                </Trans>
              </p>
              <ul>
                {held.map((service) => (
                  <li key={service.id}>{service.title}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>
              <Trans>Delete the category "{category.title}"?</Trans>
            </p>
          )}
        </DeleteQuestion>
      ) : null}
    </li>
  )
}
