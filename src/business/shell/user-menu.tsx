import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { pageFlagsQueryOptions } from '../../api/flows/flows-access'
import { useSessionActor } from '../../app/session-context'
import { reportMissingKeys } from '../../api/translations/missing-keys'
import { missingKeys } from '../../i18n/activate'
import { LanguageSwitcher } from '../../ui/language-switcher'

/**
 * The signed-in user's corner of the top bar: who they are, their security page (inside the company
 * open, when there is one), the missing translations (for translators), the language, and signing out.
 */
export function UserMenu({ companyId }: { companyId?: number }) {
  const session = useSessionActor()
  const userName = useSelector(session, (snapshot) => snapshot.context.user?.name ?? '')
  const userId = useSelector(session, (snapshot) => snapshot.context.user?.id ?? null)
  const pageFlags = useQuery({ ...pageFlagsQueryOptions(userId ?? 0), enabled: userId !== null })
  const translator = pageFlags.data?.includes('translator') === true
  // A translator's app sends the keys it shows without a translation (SPEC.md section 6), while their workspace is
  // open: after signing out, the next user of the tab sends nothing in their name.
  useEffect(() => {
    if (!translator) return
    missingKeys.sendWith(reportMissingKeys)
    return () => missingKeys.stopSending()
  }, [translator])
  return (
    <div className="user-menu">
      <p className="topbar__user">
        <Trans>Signed in as {userName}</Trans>
      </p>
      {companyId === undefined ? null : (
        <Link
          className="user-menu__link"
          to="/{-$lang}/company/$companyId/security"
          params={(previous) => ({ lang: previous.lang, companyId: String(companyId) })}
          activeProps={{ 'aria-current': 'page' }}
        >
          <Trans>Security</Trans>
        </Link>
      )}
      {translator ? (
        <Link
          className="user-menu__link"
          to="/{-$lang}/translations/missing"
          params={(previous) => ({ lang: previous.lang })}
          activeProps={{ 'aria-current': 'page' }}
        >
          <Trans>Missing translations</Trans>
        </Link>
      ) : null}
      <LanguageSwitcher />
      <button type="button" className="button" onClick={() => session.send({ type: 'session.ended' })}>
        <Trans>Sign out</Trans>
      </button>
    </div>
  )
}
