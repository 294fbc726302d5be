import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react'
import { rootGoodCategoryParentId, type GoodCategory } from '../../../contract/goods/schemas'
import type { ApiError } from '../../api/api-error'
import {
  useAllGoodCategories,
  useCreateGoodCategory,
  useDeleteGoodCategory,
  useUpdateGoodCategory,
} from '../../api/goods/good-categories'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SelectField } from '../../ui/select-field'
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
import { ancestorIds, buildCategoryTree, parentChoices, type CategoryNode } from './category-tree'

/** What the rows need from the screen: the whole list, the right to edit, and the open branches. */
interface TreeContext {
  companyId: number
  categories: GoodCategory[]
  canEdit: boolean
  isOpen: (id: number) => boolean
  setOpen: (id: number, open: boolean) => void
  /** Opens the branches down to these categories, so that they show. */
  reveal: (ids: number[]) => void
  /** Points the new-category form at a parent and moves the focus there. */
  addInside: (parentId: number) => void
}

/**
 * The goods categories of a company as a tree: open and close branches, create a category at the top level or
 * inside another, rename, move under another parent, delete an empty one; or just look.
 */
export function GoodsCategoriesScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Goods categories`)
  const company = useCurrentCompany()
  const categories = useAllGoodCategories(company.id)
  const canEdit = company.access.storages_goods_categories_access
  const [open, setOpenIds] = useState<ReadonlySet<number>>(() => new Set())
  const [newParent, setNewParent] = useState<number>(rootGoodCategoryParentId)
  const titleInput = useRef<HTMLInputElement>(null)

  const list = categories.data ?? []
  const context: TreeContext = {
    companyId: company.id,
    categories: list,
    canEdit,
    isOpen: (id) => open.has(id),
    setOpen: (id, on) =>
      setOpenIds((previous) => {
        const next = new Set(previous)
        if (on) next.add(id)
        else next.delete(id)
        return next
      }),
    reveal: (ids) => setOpenIds((previous) => new Set([...previous, ...ids])),
    addInside: (parentId) => {
      setNewParent(parentId)
      titleInput.current?.focus()
      titleInput.current?.scrollIntoView({ block: 'center' })
    },
  }

  return (
    <section className="card" aria-labelledby="goods-categories-title">
      <h1 id="goods-categories-title">
        <Trans>Goods categories</Trans>
      </h1>
      {canEdit ? (
        <NewGoodCategory
          context={context}
          parentId={newParent}
          onParentChange={setNewParent}
          titleRef={titleInput}
        />
      ) : (
        <ReadOnlyNote>
          <Trans>
            You can see the goods categories but not change them: your rights in this company do not include
            editing goods categories.
          </Trans>
        </ReadOnlyNote>
      )}
      {categories.isPending ? (
        <Spinner size="large" />
      ) : categories.isError ? (
        <div role="alert">
          <p>
            <Trans>The goods categories could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void categories.refetch()}>
            {t`Try again`}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="empty-state">
          <Trans>
            There are no goods categories yet. Categories sort what the salon sells and uses, for example
            "Hair care" with "Shampoos" inside it.
          </Trans>
        </p>
      ) : (
        <>
          <div className="goods-tree__tools">
            <button
              type="button"
              className="button button--small"
              onClick={() => setOpenIds(new Set(list.map((category) => category.id)))}
            >
              <Trans>Open all</Trans>
            </button>
            <button type="button" className="button button--small" onClick={() => setOpenIds(new Set())}>
              <Trans>Close all</Trans>
            </button>
          </div>
          <ul className="goods-tree" aria-label={t`Goods categories`}>
            {buildCategoryTree(list).map((node) => (
              <CategoryItem key={node.category.id} node={node} context={context} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

/** The options of a parent select: the top level, then the categories in tree order, indented by depth. */
function ParentOptions({ categories, movingId }: { categories: GoodCategory[]; movingId: number | null }) {
  const { t } = useLingui()
  return (
    <>
      <option value={rootGoodCategoryParentId}>{t`Top level`}</option>
      {parentChoices(categories, movingId).map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.path}
        </option>
      ))}
    </>
  )
}

function NewGoodCategory(props: {
  context: TreeContext
  parentId: number
  onParentChange: (id: number) => void
  titleRef: RefObject<HTMLInputElement | null>
}) {
  const { t } = useLingui()
  const { context, parentId, onParentChange, titleRef } = props
  const field = useTitleField('', t`Enter the category's title.`)
  const create = useCreateGoodCategory(context.companyId)
  // A parent deleted meanwhile (by a colleague) falls back to the top level.
  const parent = context.categories.some((category) => category.id === parentId)
    ? parentId
    : rootGoodCategoryParentId
  const submit = (event: FormEvent) => {
    event.preventDefault()
    field.check()
    if (!field.valid) return
    create.mutate(
      { title: field.trimmed, parent_category_id: parent },
      {
        onSuccess: (category) => {
          field.setTitle('')
          field.reset()
          if (parent !== rootGoodCategoryParentId) {
            context.reveal([parent, ...ancestorIds(context.categories, parent)])
          }
          showToast('success', t`Category "${category.title}" created.`)
        },
        onError: (error) => showRequestFailureToast(error as ApiError),
      },
    )
  }
  return (
    <Form onSubmit={submit} errors={field.error} className="inline-form" aria-label={t`New goods category`}>
      <TextField
        ref={titleRef}
        label={<Trans>New category</Trans>}
        value={field.title}
        onChange={(event) => field.setTitle(event.target.value)}
        error={field.error}
        autoComplete="off"
      />
      <SelectField
        label={<Trans>Place in</Trans>}
        value={parent}
        onChange={(event) => onParentChange(Number(event.target.value))}
      >
        <ParentOptions categories={context.categories} movingId={null} />
      </SelectField>
      <SubmitButton busy={create.isPending}>
        <Trans>Create</Trans>
      </SubmitButton>
    </Form>
  )
}

type RowMode = 'viewing' | 'renaming' | 'moving' | 'confirmingDelete'

function CategoryItem({ node, context }: { node: CategoryNode; context: TreeContext }) {
  const { t } = useLingui()
  const { category, children } = node
  const goods = context.categories.find((item) => item.id === category.id)?.goods ?? []
  const hasContent = children.length > 0 || goods.length > 0
  const open = hasContent && context.isOpen(category.id)
  const [mode, setMode] = useState<RowMode>('viewing')
  const contentId = `goods-category-${category.id}-content`

  // Arrow keys open and close a branch too, as in a file tree; Enter and Space work as on any button.
  const onToggleKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowRight' && !open) {
      event.preventDefault()
      context.setOpen(category.id, true)
    } else if (event.key === 'ArrowLeft' && open) {
      event.preventDefault()
      context.setOpen(category.id, false)
    }
  }

  return (
    <li className="goods-tree__item">
      <div className="goods-tree__row">
        {hasContent ? (
          <button
            type="button"
            className="goods-tree__toggle"
            aria-expanded={open}
            aria-controls={open ? contentId : undefined}
            onClick={() => context.setOpen(category.id, !open)}
            onKeyDown={onToggleKey}
          >
            <span className="goods-tree__chevron" aria-hidden="true">
              {open ? '▾' : '▸'}
            </span>
            <span className="goods-tree__title">{category.title}</span>
          </button>
        ) : (
          <span className="goods-tree__leaf">
            <span className="goods-tree__chevron" aria-hidden="true" />
            <span className="goods-tree__title">{category.title}</span>
          </span>
        )}
        <span className="goods-tree__count">
          {children.length > 0 ? (
            <Plural
              value={children.length}
              one="# subcategory"
              few="# subcategories"
              many="# subcategories"
              other="# subcategories"
            />
          ) : null}
          {children.length > 0 && goods.length > 0 ? ', ' : null}
          {goods.length > 0 ? (
            <Plural value={goods.length} one="# item" few="# items" many="# items" other="# items" />
          ) : null}
          {!hasContent ? <Trans>empty</Trans> : null}
        </span>
        {context.canEdit && mode === 'viewing' ? (
          <RowActions
            title={category.title}
            className="goods-tree__actions"
            edit={{ word: 'rename', onClick: () => setMode('renaming') }}
            onDelete={() => setMode('confirmingDelete')}
          >
            <button
              type="button"
              className="button button--small"
              aria-label={t`Add inside ${category.title}`}
              onClick={() => context.addInside(category.id)}
            >
              <Trans>Add inside</Trans>
            </button>
            <button
              type="button"
              className="button button--small"
              aria-label={t`Move ${category.title}`}
              onClick={() => setMode('moving')}
            >
              <Trans>Move</Trans>
            </button>
          </RowActions>
        ) : null}
      </div>
      {mode === 'renaming' ? (
        <RenameCategory category={category} context={context} onDone={() => setMode('viewing')} />
      ) : mode === 'moving' ? (
        <MoveForm category={category} context={context} onDone={() => setMode('viewing')} />
      ) : mode === 'confirmingDelete' ? (
        <DeleteCategory
          category={category}
          subcategories={children}
          goods={goods}
          context={context}
          onDone={() => setMode('viewing')}
        />
      ) : null}
      {open ? (
        <div id={contentId} className="goods-tree__content">
          {goods.length > 0 ? (
            <ul className="goods-tree__goods" aria-label={t`Goods in ${category.title}`}>
              {goods.map((good) => (
                <li key={good.id}>
                  {good.title}
                  {good.article ? <span className="goods-tree__article"> · {good.article}</span> : null}
                </li>
              ))}
            </ul>
          ) : null}
          {children.length > 0 ? (
            <ul className="goods-tree" aria-label={t`Inside ${category.title}`}>
              {children.map((child) => (
                <CategoryItem key={child.category.id} node={child} context={context} />
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}

function RenameCategory(props: { category: GoodCategory; context: TreeContext; onDone: () => void }) {
  const { t } = useLingui()
  const { category, context, onDone } = props
  const field = useTitleField(category.title, t`Enter the category's title.`)
  const rename = useUpdateGoodCategory(context.companyId)
  return (
    <RenameForm
      current={category.title}
      field={field}
      busy={rename.isPending}
      className="goods-tree__form"
      onSave={(title) =>
        rename.mutate(
          { id: category.id, body: { title } },
          { onSuccess: onDone, onError: (error) => showRequestFailureToast(error as ApiError) },
        )
      }
      onCancel={onDone}
    />
  )
}

function MoveForm(props: { category: GoodCategory; context: TreeContext; onDone: () => void }) {
  const { t } = useLingui()
  const { category, context, onDone } = props
  const [parentId, setParentId] = useState(category.parent_category_id)
  const [stale, setStale] = useState(false)
  const move = useUpdateGoodCategory(context.companyId)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (parentId === category.parent_category_id) {
      onDone()
      return
    }
    move.mutate(
      { id: category.id, body: { parent_category_id: parentId } },
      {
        onSuccess: () => {
          const target = context.categories.find((item) => item.id === parentId)
          showToast(
            'success',
            target
              ? t`"${category.title}" moved into "${target.title}".`
              : t`"${category.title}" moved to the top level.`,
          )
          if (parentId !== rootGoodCategoryParentId) {
            context.reveal([parentId, ...ancestorIds(context.categories, parentId)])
          }
          onDone()
        },
        onError: (error) => {
          const failure = error as ApiError
          // Someone changed the tree meanwhile, and the chosen place is no longer possible.
          if (failure.fieldErrors.parent_category_id) setStale(true)
          else showRequestFailureToast(failure)
        },
      },
    )
  }
  const error = stale
    ? t`The tree has changed meanwhile and the category cannot go there any more. Choose another place.`
    : undefined
  return (
    <Form
      onSubmit={submit}
      errors={error}
      className="inline-form goods-tree__form"
      aria-label={t`Move ${category.title}`}
    >
      <SelectField
        label={<Trans>Move into</Trans>}
        value={parentId}
        error={error}
        autoFocus
        onChange={(event) => {
          setStale(false)
          setParentId(Number(event.target.value))
        }}
      >
        <ParentOptions categories={context.categories} movingId={category.id} />
      </SelectField>
      <SubmitButton busy={move.isPending}>
        <Trans>Move</Trans>
      </SubmitButton>
      <button type="button" className="button" onClick={onDone}>
        <Trans>Cancel</Trans>
      </button>
    </Form>
  )
}

function DeleteCategory(props: {
  category: GoodCategory
  subcategories: CategoryNode[]
  goods: NonNullable<GoodCategory['goods']>
  context: TreeContext
  onDone: () => void
}) {
  const { t } = useLingui()
  const { category, subcategories, goods, context, onDone } = props
  const remove = useDeleteGoodCategory(context.companyId)
  const held = subcategories.length > 0 || goods.length > 0
  const confirm = () =>
    remove.mutate(category.id, {
      onSuccess: () => showToast('success', t`Category "${category.title}" deleted.`),
      onError: (error) => {
        showRequestFailureToast(error as ApiError)
        onDone()
      },
    })
  return (
    <DeleteQuestion
      label={t`Delete ${category.title}`}
      busy={remove.isPending}
      onCancel={onDone}
      // A category that still holds something cannot go: the question says what, instead.
      onConfirm={held ? undefined : confirm}
    >
      {held ? (
        <>
          <p>
            <Trans>
              "{category.title}" is not empty. Move or delete what it holds first, then delete the category:
            </Trans>
          </p>
          <ul>
            {subcategories.map((child) => (
              <li key={`category-${child.category.id}`}>
                <Trans>Category "{child.category.title}"</Trans>
              </li>
            ))}
            {goods.map((good) => (
              <li key={`good-${good.id}`}>{good.title}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          <Trans>Delete the category "{category.title}"?</Trans>
        </p>
      )}
    </DeleteQuestion>
  )
}
