import { Trans } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useSessionActor } from '../../app/session-context'
import { LanguageSwitcher } from '../../ui/language-switcher'

/**
 * The signed-in user's corner of the top bar: who they are, their security page (inside the company
 * open, when there is one), the language, and signing out.
 */
export function UserMenu({ companyId }: { companyId?: number }) {
  const session = useSessionActor()
  const userName = useSelector(session, (snapshot) => snapshot.context.user?.name ?? '')
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
      <LanguageSwitcher />
      <button type="button" className="button" onClick={() => session.send({ type: 'session.ended' })}>
        <Trans>Sign out</Trans>
      </button>
    </div>
  )
}
