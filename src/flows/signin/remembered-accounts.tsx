import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { fastLoginUsersQueryOptions, forgetFastLoginUser } from '../../api/auth/fast-login'

/**
 * The accounts remembered on this device. Picking one fills in its login (the password is still asked
 * for); the cross forgets it here (DELETE auth/fast_login_user).
 */
export function RememberedAccounts({ onPick }: { onPick: (login: string) => void }) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const { data: accounts = [] } = useQuery(fastLoginUsersQueryOptions())
  if (accounts.length === 0) return null
  return (
    <ul className="remembered-accounts" aria-label={t`Accounts on this device`}>
      {accounts.map((account) => (
        <li key={account.token}>
          <button type="button" className="button" onClick={() => onPick(account.login)}>
            {account.name} <small>{account.login}</small>
          </button>
          <button
            type="button"
            className="button"
            aria-label={t`Forget ${account.name} on this device`}
            onClick={async () => {
              const remaining = await forgetFastLoginUser(account.token)
              queryClient.setQueryData(fastLoginUsersQueryOptions().queryKey, remaining)
            }}
          >
            <Trans>Forget</Trans>
          </button>
        </li>
      ))}
    </ul>
  )
}
