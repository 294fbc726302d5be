import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useAccounts } from '../../api/accounts/accounts'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { AccountRow } from './account-row'
import { formatMoney } from '../../i18n/format-money'
import { NewAccountForm } from './new-account-form'

/**
 * The company's cash desks and bank accounts with their balances (in the company's currency): create, rename,
 * change the type, delete one that never held money, or just look. A member limited to some accounts sees only
 * those and is told so; one without the balance right sees the accounts without balances.
 */
export function AccountsScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Accounts`)
  const company = useCurrentCompany()
  const { access } = company
  const withBalance = access.finances_accounts_balance_access
  const accounts = useAccounts(company.id, withBalance)
  const limited = access.restricted_account_ids !== null
  const canEdit = access.finances_accounts_edit_access
  const currency = company.currency_short_title

  if (accounts.isPending) return <Spinner size="large" />
  if (accounts.isError) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>Accounts</Trans>
        </h1>
        <p>
          <Trans>The accounts could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void accounts.refetch()}>
          {t`Try again`}
        </button>
      </section>
    )
  }
  const total = formatMoney(
    accounts.data.reduce((sum, account) => sum + (account.balance ?? 0), 0),
    currency,
  )
  return (
    <section className="card" aria-labelledby="accounts-title">
      <h1 id="accounts-title">
        <Trans>Accounts</Trans>
      </h1>
      <p className="section-intro">
        <Trans>
          The cash desks and bank accounts the salon takes and pays money through. The balance of each is the
          sum of its transactions.
        </Trans>
      </p>
      {limited ? (
        <ReadOnlyNote>
          <Trans>
            Your access is limited to some accounts: the list shows only those. New accounts are created by
            someone with access to all of them.
          </Trans>
        </ReadOnlyNote>
      ) : null}
      {canEdit && !limited ? <NewAccountForm companyId={company.id} /> : null}
      {canEdit ? null : (
        <ReadOnlyNote>
          <Trans>
            You can see the accounts but not change them: your rights in this company do not include editing
            accounts.
          </Trans>
        </ReadOnlyNote>
      )}
      {withBalance ? null : (
        <ReadOnlyNote>
          <Trans>Balances are not shown: your rights in this company do not include account balances.</Trans>
        </ReadOnlyNote>
      )}
      {accounts.data.length === 0 ? (
        <p className="empty-state">
          {limited ? (
            <Trans>None of the accounts you have access to exists any more.</Trans>
          ) : (
            <Trans>
              There are no accounts yet. Create the first one above, for example "Front desk cash".
            </Trans>
          )}
        </p>
      ) : (
        <>
          <ul className="category-list" aria-label={t`Accounts`}>
            {accounts.data.map((account) => (
              <AccountRow
                key={account.id}
                companyId={company.id}
                account={account}
                currency={currency}
                canEdit={canEdit}
              />
            ))}
          </ul>
          {withBalance ? (
            <p className="accounts-total">
              <Trans>Total: {total}</Trans>
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}
