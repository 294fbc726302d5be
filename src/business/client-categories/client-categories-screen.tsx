import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { useClientCategories } from '../../api/client-categories/client-categories'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { TextField } from '../../ui/text-field'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { ClientCategoryRow } from './client-category-row'
import { NewClientCategoryForm } from './new-client-category-form'

const clientCategoriesRoute = getRouteApi('/{-$lang}/company/$companyId/client-categories')

/**
 * The company's client categories (VIP, Regular, ...), a page at a time, searched by title on the server: the
 * search and the page are in the URL. Create, rename, recolour and delete, or just look.
 */
export function ClientCategoriesScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Client categories`)
  const company = useCurrentCompany()
  const { q = '', page = 1 } = clientCategoriesRoute.useSearch()
  const navigate = useNavigate()
  const categories = useClientCategories(company.id, page, q.trim())
  const canEdit = company.access.client_categories_create_access
  const search = (term: string) =>
    void navigate({
      to: '.',
      // A new search starts on its first page.
      search: { ...(term ? { q: term } : {}) },
      replace: true,
    })

  return (
    <section className="card" aria-labelledby="client-categories-title">
      <h1 id="client-categories-title">
        <Trans>Client categories</Trans>
      </h1>
      <p className="section-intro">
        <Trans>
          Categories group clients, such as "VIP" or "New client", for mailings, discounts and reports.
        </Trans>
      </p>
      {canEdit ? (
        <NewClientCategoryForm companyId={company.id} />
      ) : (
        <ReadOnlyNote>
          <Trans>
            You can see the client categories but not change them: your rights in this company do not include
            creating or editing client categories.
          </Trans>
        </ReadOnlyNote>
      )}
      <div role="search">
        <TextField
          type="search"
          label={<Trans>Search by title</Trans>}
          value={q}
          maxLength={100}
          onChange={(event) => search(event.target.value)}
        />
      </div>
      {categories.isPending ? (
        <Spinner size="large" />
      ) : categories.isError ? (
        <div role="alert">
          <p>
            <Trans>The client categories could not be loaded.</Trans>
          </p>
          <button type="button" className="button" onClick={() => void categories.refetch()}>
            {t`Try again`}
          </button>
        </div>
      ) : categories.data.total === 0 ? (
        <p className="empty-state">
          {q.trim() ? (
            <Trans>No category matches the search.</Trans>
          ) : (
            <Trans>There are no client categories yet. Create the first one above, for example "VIP".</Trans>
          )}
        </p>
      ) : (
        <>
          <ul
            className="category-list"
            aria-label={t`Client categories`}
            aria-busy={categories.isPlaceholderData}
          >
            {categories.data.categories.map((category) => (
              <ClientCategoryRow
                key={category.id}
                companyId={company.id}
                category={category}
                canEdit={canEdit}
              />
            ))}
          </ul>
          <CategoryPages
            page={categories.data.page}
            pages={Math.max(1, Math.ceil(categories.data.total / categories.data.per_page))}
            total={categories.data.total}
            term={q}
          />
        </>
      )}
    </section>
  )
}

/** Which page is shown, of how many, and the links to the one before and after (the search stays). */
function CategoryPages(props: { page: number; pages: number; total: number; term: string }) {
  const { t } = useLingui()
  const { page, pages, total, term } = props
  const searchOf = (target: number) => ({
    ...(term ? { q: term } : {}),
    ...(target > 1 ? { page: target } : {}),
  })
  return (
    <nav className="pager" aria-label={t`Pages of client categories`}>
      <span className="pager__status">
        <Trans>
          Page {page} of {pages} · {total} in all
        </Trans>
      </span>
      {page > 1 ? (
        <Link to="." search={searchOf(page - 1)} className="button button--small">
          <Trans>Previous page</Trans>
        </Link>
      ) : null}
      {page < pages ? (
        <Link to="." search={searchOf(page + 1)} className="button button--small">
          <Trans>Next page</Trans>
        </Link>
      ) : null}
    </nav>
  )
}
